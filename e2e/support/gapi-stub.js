// A stand-in for https://apis.google.com/js/api.js, which cannot be reached here. It implements the
// small part of gapi.iframes that the Firebase Auth SDK (in the app) and the Auth emulator's helper
// iframe use to talk to each other: open an iframe, register handlers, send messages and get replies.
(() => {
  const FILTER = "cross-origin-iframes";
  const MARK = "__gapiStub";

  function channel(target) {
    const handlers = {};
    const waiting = {};
    const pending = {};
    let nextId = 1;
    window.addEventListener("message", (event) => {
      const data = event.data;
      if (!data || !data[MARK] || event.source !== target()) return;
      if (data.kind === "call") {
        const run = () => {
          const result = handlers[data.name](data.payload);
          target().postMessage({ __gapiStub: true, kind: "reply", id: data.id, result: [result] }, "*");
        };
        if (handlers[data.name]) {
          run();
        } else {
          waiting[data.name] = waiting[data.name] || [];
          waiting[data.name].push(run);
        }
      } else if (data.kind === "reply" && pending[data.id]) {
        const reply = pending[data.id];
        delete pending[data.id];
        reply(data.result);
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
        const id = nextId;
        nextId += 1;
        if (callback) pending[id] = callback;
        target().postMessage({ __gapiStub: true, kind: "call", id: id, name: name, payload: payload }, "*");
      },
    };
  }

  function openIframe(options, onOpened) {
    const element = document.createElement("iframe");
    element.src = options.url;
    const style = (options.attributes && options.attributes.style) || {};
    Object.keys(style).forEach((key) => {
      element.style[key] = style[key];
    });
    const loaded = new Promise((resolve) => {
      element.addEventListener("load", resolve);
    });
    const link = channel(() => element.contentWindow);
    (options.where || document.body).appendChild(element);
    const iframe = {
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

  const context = {
    open: openIframe,
    getParentIframe: () => channel(() => window.parent),
  };

  window.gapi = {
    load: (_name, options) => {
      const callback = typeof options === "function" ? options : options && options.callback;
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
  const script = document.currentScript;
  const onload = script && script.src ? new URL(script.src).searchParams.get("onload") : null;
  if (onload && typeof window[onload] === "function") setTimeout(window[onload], 0);
})();
