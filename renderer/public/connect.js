// Opens the browser host's WebSocket while the app's code is still downloading and starting, so the
// socket is open when the shell asks core for its first answer (issue 14: a window in under a second).
// A classic script from the page's own origin (CSP script-src 'self'): it runs before the module bundle.
// renderer/src/platform/websocket.ts adopts this socket and replays what arrived before it listened.
// In Electron the preload's bridge (window.desk) is used and the page carries no token: nothing happens.
(() => {
  const token = new URLSearchParams(window.location.search).get('token');
  if (window.desk || !token) return;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(url);
  const early = [];
  const keep = (event) => early.push(event);
  socket.addEventListener('message', keep);
  window.deskEarlySocket = {
    url,
    socket,
    /** Hands the socket over once: stops buffering and returns the messages that came before. */
    take() {
      socket.removeEventListener('message', keep);
      delete window.deskEarlySocket;
      return early.splice(0);
    },
  };
})();
