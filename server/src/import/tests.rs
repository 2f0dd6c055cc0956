//! End-to-end tests with real files built in memory.
