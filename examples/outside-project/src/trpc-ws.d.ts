// @trpc/server 11's declarations (its ws adapter, which @trpc/client's declarations reach) name `ws.WebSocket` and
// `ws.WebSocketServer` from the `ws` package's default export. @types/ws 8 declares neither there for an ES module
// (its index.d.mts), so a strict project without skipLibCheck declares the two names itself. Only types: nothing
// here runs, and this script never opens a WebSocket.
declare module "ws" {
  namespace ws {
    class WebSocket {}
    class WebSocketServer {}
  }
  export default ws;
}
