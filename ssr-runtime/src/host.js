// Host objects a browser or Node would provide and QuickJS does not.
// Evaluated as an expression; called with (globalThis, log) where log(level, text)
// forwards to the server's tracing.
(function (global, log) {
  "use strict";

  function show(value) {
    if (typeof value === "string") return value;
    if (value instanceof Error) return value.stack ? value.name + ": " + value.message + "\n" + value.stack : String(value);
    try {
      var json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch (e) {
      return String(value);
    }
  }

  // Supports the printf-style placeholders React uses in its warnings.
  function format(args) {
    var rest = Array.prototype.slice.call(args);
    var first = rest.length > 0 && typeof rest[0] === "string" ? rest.shift() : null;
    var parts = [];
    if (first !== null) {
      parts.push(first.replace(/%[sdifoOc%]/g, function (token) {
        if (token === "%%") return "%";
        if (rest.length === 0) return token;
        var value = rest.shift();
        if (token === "%c") return "";
        if (token === "%d" || token === "%i") return String(parseInt(value, 10));
        if (token === "%f") return String(parseFloat(value));
        return show(value);
      }));
    }
    for (var i = 0; i < rest.length; i++) parts.push(show(rest[i]));
    return parts.join(" ");
  }

  function logger(level) {
    return function () { log(level, format(arguments)); };
  }

  global.console = {
    log: logger("info"),
    info: logger("info"),
    warn: logger("warn"),
    error: logger("error"),
    debug: logger("debug"),
    trace: logger("debug"),
  };

  // A render is synchronous, so timers would never fire before it returns; these stubs
  // only let libraries that reference them at load time load.
  var nextTimer = 1;
  function schedule() { return nextTimer++; }
  function cancel() {}
  if (typeof global.setTimeout !== "function") global.setTimeout = schedule;
  if (typeof global.setInterval !== "function") global.setInterval = schedule;
  if (typeof global.setImmediate !== "function") global.setImmediate = schedule;
  if (typeof global.clearTimeout !== "function") global.clearTimeout = cancel;
  if (typeof global.clearInterval !== "function") global.clearInterval = cancel;
  if (typeof global.clearImmediate !== "function") global.clearImmediate = cancel;

  // react-dom/server's browser build creates a MessageChannel and a TextEncoder when it
  // loads (its streaming renderer schedules work through the channel). Messages are
  // delivered as microtasks, which the pool runs right after each render.
  if (typeof global.MessageChannel !== "function") {
    var connect = function (from, to) {
      from.postMessage = function (data) {
        queueMicrotask(function () {
          if (typeof to.onmessage === "function") to.onmessage({ data: data });
        });
      };
      from.close = function () {};
    };
    global.MessageChannel = function MessageChannel() {
      this.port1 = { onmessage: null };
      this.port2 = { onmessage: null };
      connect(this.port1, this.port2);
      connect(this.port2, this.port1);
    };
  }
  if (typeof global.performance !== "object") {
    var origin = Date.now();
    global.performance = { timeOrigin: origin, now: function () { return Date.now() - origin; } };
  }

  if (typeof global.TextEncoder !== "function") {
    global.TextEncoder = function TextEncoder() {};
    global.TextEncoder.prototype.encoding = "utf-8";
    global.TextEncoder.prototype.encode = function (input) {
      var text = input === undefined ? "" : String(input);
      var bytes = [];
      for (var i = 0; i < text.length; i++) {
        var code = text.codePointAt(i);
        if (code > 0xffff) i++;
        if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd; // lone surrogate
        if (code < 0x80) bytes.push(code);
        else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
        else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
        else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      }
      return new Uint8Array(bytes);
    };
  }
})
