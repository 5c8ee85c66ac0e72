// A stand-in for https://apis.google.com/js/api.js, which cannot be reached here. It implements the
// small part of gapi.iframes that the Firebase Auth SDK (in the app) and the Auth emulator's helper
// iframe use to talk to each other: open an iframe, register handlers, send messages and get replies.
(() => {
  var FILTER = "cross-origin-iframes";
  var MARK = "__gapiStub";

  function channel(target) {
    var handlers = {};
    var waiting = {};
    var pending = {};
    var nextId = 1;
    window.addEventListener("message", (event) => {
      var data = event.data;
      if (!data || !data[MARK] || event.source !== target()) return;
      if (data.kind === "call") {
        var run = () => {
          var result = handlers[data.name](data.payload);
          target().postMessage({ __gapiStub: true, kind: "reply", id: data.id, result: [result] }, "*");
        };
        if (handlers[data.name]) run();
        else (waiting[data.name] = waiting[data.name] || []).push(run);
      } else if (data.kind === "reply" && pending[data.id]) {
        var callback = pending[data.id];
        delete pending[data.id];
        callback(data.result);
      }
    });
    return {
      register: (name, handler) => {
        handlers[name] = handler;
        (waiting[name] || []).splice(0).forEach((run) => {
          run();
        });
      },
      send: (name, payload, callback) => {
        var id = nextId++;
        if (callback) pending[id] = callback;
        target().postMessage({ __gapiStub: true, kind: "call", id: id, name: name, payload: payload }, "*");
      },
    };
  }

  function openIframe(options, onOpened) {
    var element = document.createElement("iframe");
    element.src = options.url;
    var style = (options.attributes && options.attributes.style) || {};
    Object.keys(style).forEach((key) => {
      element.style[key] = style[key];
    });
    var loaded = new Promise((resolve) => {
      element.addEventListener("load", resolve);
    });
    var link = channel(() => element.contentWindow);
    (options.where || document.body).appendChild(element);
    var iframe = {
      register: link.register,
      send: link.send,
      restyle: () => Promise.resolve(),
      ping: (callback) =>
        loaded.then(() => {
          if (callback) callback();
        }),
      getIframeEl: () => element,
    };
    return Promise.resolve(onOpened ? onOpened(iframe) : iframe);
  }

  var context = {
    open: openIframe,
    getParentIframe: () => channel(() => window.parent),
  };

  window.gapi = {
    load: (_name, options) => {
      var callback = typeof options === "function" ? options : options && options.callback;
      setTimeout(() => {
        if (callback) callback();
      }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      Iframe: () => {},
      getContext: () => context,
    },
  };
  if (typeof window.gapi_onload === "function") setTimeout(window.gapi_onload, 0);
  // The SDK loads api.js?onload=<callback name> and waits for that callback.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get("onload") : null;
  if (onload && typeof window[onload] === "function") setTimeout(window[onload], 0);
})();
