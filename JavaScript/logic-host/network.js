  // `fetch` and `skip.net.fetch`, answered from the test's replies (`app.fetch.reply`), never
  // the network; in `mactl serve`'s preview (`network.mode`), sent by mactl over the network.
  // ---- NW fetch: answered from the test's replies ('replies'), sent by mactl serve ('live'),
  // or never settled (screenshots, 'offline') ----
  var network = { mode: 'replies', replies: [], requests: [], pending: [], nextID: 1 };
  // NW's response: a non-2xx status resolves, with ok false; json() parses before it returns its promise.
  function fetchResponse(status, text) {
    return {
      ok: status >= 200 && status < 300, status: status, headers: {}, body: text,
      json: function () { return Promise.resolve(JSON.parse(this.body)); },
      text: function () { return Promise.resolve(this.body); }
    };
  }
  function fetchFromReplies(url, options) {
    var where = caller();
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(String(url))) {
      notice('fetch(' + show(url) + ') always fails: the runtime gives the URL to URLSession with no base URL, so a relative URL is refused; package files cannot be fetched', where, 'ignored');
    }
    if (options && options.body !== undefined && options.body !== null && typeof options.body !== 'string') {
      notice('fetch sends no body: the runtime sends body only when it is a string; use JSON.stringify(…)', atMember(where, 'body'), 'ignored');
    }
    var method = String((options && options.method) || 'GET');
    // Headers are never sent; a body only when it is a non-empty string.
    var body = (options && options.body) || null;
    var request = { url: String(url), method: method };
    if (typeof body === 'string') request.body = body;
    network.requests.push(request);
    // Screenshots: the page as it first shows, before any answer.
    if (network.mode === 'offline') return new Promise(function () {});
    if (network.mode === 'live') {
      return new Promise(function (resolve, reject) {
        network.pending.push({ id: network.nextID++, request: request, resolve: resolve, reject: reject, sent: false });
      });
    }
    var reply = null;
    for (var i = network.replies.length - 1; i >= 0; i--) {
      var candidate = network.replies[i];
      if (candidate.url === request.url && (candidate.method === undefined || candidate.method === method.toUpperCase())) { reply = candidate; break; }
    }
    return new Promise(function (resolve, reject) {
      if (reply === null) {
        report('fetch(' + show(request.url) + ') has no reply: add app.fetch.reply(' + show(request.url) + ', body) to the test', where);
        reject('mactl test: no reply for ' + method + ' ' + request.url);
        return;
      }
      // Failures reject with a string, never an Error.
      if (reply.failure !== undefined) { reject(reply.failure); return; }
      resolve(fetchResponse(reply.status, reply.text));
    });
  }
