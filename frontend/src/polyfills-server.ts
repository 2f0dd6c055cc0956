// QuickJS-NG has no URL/URLSearchParams; react-router may construct them while rendering.
import "core-js/actual/url";
import "core-js/actual/url-search-params";
