//! Render pool over rquickjs (QuickJS-NG).
