/// What makes the library an app on a phone: the web app manifest (name, icons, colours, start
/// page), and the service worker that opens the pages visited from their last copy when the
/// server cannot be reached, keeping the changes posted meanwhile on the device. Files of their
/// own, like the other scripts: the pages run no inline script.
extension Templates {
    /// The colour of the phone's title bar and of the icon's background: the pages' accent.
    static let themeColor = "#8a4b08"

    static let manifest = """
        {
          "id": "/",
          "name": "shelf",
          "short_name": "shelf",
          "description": "Your library of books, kept as Markdown files.",
          "start_url": "/dashboard",
          "scope": "/",
          "display": "standalone",
          "background_color": "#fbfaf7",
          "theme_color": "\(themeColor)",
          "icons": [
            {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/static/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
          ]
        }
        """

    /// The service worker, at `/sw.js` so that its scope is the whole site. Every page is asked
    /// of the server first (a change made elsewhere shows at once, as without it) and its answer
    /// saved; only when the server cannot be reached is the saved copy shown, with a banner
    /// saying so and when it was saved. A book page's form posted then is kept in IndexedDB
    /// (`/static/queue.js`) and sent by the page when the server is back (`/static/app.js`).
    static let serviceWorker = """
        importScripts('/static/queue.js');
        var CACHE = 'shelf-pages-1';
        var SHELL = ['/', '/static/shelf.css', '/static/app.js', '/static/queue.js', '/manifest.webmanifest',
          '/static/icon-192.png', '/static/icon-512.png', '/static/icon-maskable-512.png'];
        // The book page's forms that can wait: their answer is worked out from the file when they arrive.
        var KEPT = ['rate', 'status', 'progress', 'note', 'edit', 'lend', 'return'];
        // The pages this worker makes itself keep the server's policy: no inline script or style.
        var POLICY = "\(PlainPage.contentSecurityPolicy)";

        self.addEventListener('install', function (event) {
          event.waitUntil(caches.open(CACHE).then(function (cache) {
            return Promise.all(SHELL.map(function (path) {
              return fetch(path).then(function (response) { return response.ok ? save(cache, path, response) : null; });
            }));
          }).then(function () { return self.skipWaiting(); }));
        });

        self.addEventListener('activate', function (event) {
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
          }).then(function () { return self.clients.claim(); }));
        });

        self.addEventListener('fetch', function (event) {
          var url = new URL(event.request.url);
          // The access link is the server's alone: it sets the session and must never be a copy.
          if (url.origin !== self.location.origin || url.searchParams.has('access')) return;
          if (event.request.method === 'POST' && event.request.mode === 'navigate') event.respondWith(posted(event.request, url));
          else if (event.request.method === 'GET') event.respondWith(got(event.request));
        });

        async function save(cache, request, response) {
          var headers = new Headers(response.headers);
          // The body is kept decoded; the copy is matched whatever the browser accepts.
          ['Content-Encoding', 'Content-Length', 'Vary'].forEach(function (name) { headers.delete(name); });
          headers.set('X-Shelf-Saved', String(Date.now()));
          await cache.put(request, new Response(await response.blob(), { status: response.status, headers: headers }));
        }

        async function got(request) {
          var cache = await caches.open(CACHE);
          try {
            var response = await fetch(request);
            if (response.ok && response.type === 'basic') await save(cache, request, response.clone());
            return response;
          } catch (error) {
            var copy = await cache.match(request);
            if (copy) return (copy.headers.get('Content-Type') || '').indexOf('text/html') === 0 ? withBanner(copy) : copy;
            if (request.mode === 'navigate') {
              return page('Not saved on this device', 'The server cannot be reached, and this page was not opened before, so there is no copy of it here. The pages opened before can be read: start from the library.');
            }
            return Response.error();
          }
        }

        async function posted(request, url) {
          var copy = request.clone();
          try {
            return await fetch(request);
          } catch (error) {
            var action = url.pathname.indexOf('/book/') === 0 ? url.pathname.slice(6) : '';
            if (KEPT.indexOf(action) < 0) {
              return page('Not sent', 'The server cannot be reached, and this change needs it now (adding or removing a book, a goal). Nothing was changed: try again when the server is back.');
            }
            await shelfQueue.add({ url: url.pathname + url.search, body: await copy.text(), action: action,
              book: url.searchParams.get('p') || '', made: Date.now() });
            return Response.redirect('/book' + url.search, 303);
          }
        }

        function stamp(date) {
          function two(number) { return (number < 10 ? '0' : '') + number; }
          return date.getFullYear() + '-' + two(date.getMonth() + 1) + '-' + two(date.getDate()) + ' ' + two(date.getHours()) + ':' + two(date.getMinutes());
        }

        async function withBanner(copy) {
          var html = await copy.text();
          var saved = stamp(new Date(Number(copy.headers.get('X-Shelf-Saved'))));
          var banner = '<p class="offline-banner" role="status">The server cannot be reached. This is the copy of this page saved on this device on '
            + saved + ', read only: it shows nothing changed since. A change you make here is kept on this device and sent when the server is back.</p>';
          return new Response(html.replace('<main id="main">', '<main id="main">' + banner), { status: 200, headers: copy.headers });
        }

        function page(heading, text) {
          var html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
            + '<title>' + heading + ' · shelf</title><link rel="stylesheet" href="/static/shelf.css"></head><body>'
            + '<header class="top"><a class="home" href="/">shelf</a></header><main id="main"><article class="message"><h1>' + heading + '</h1><p>'
            + text + '</p><p><a href="/">Back to the library</a></p></article></main></body></html>';
          return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICY } });
        }
        """

    /// The changes kept on this device while the server could not be reached, in IndexedDB:
    /// shared by the service worker (which keeps them) and the pages (which send them).
    static let queueScript = """
        var shelfQueue = (function () {
          function open() {
            return new Promise(function (resolve, reject) {
              var request = indexedDB.open('shelf', 1);
              request.onupgradeneeded = function () { request.result.createObjectStore('changes', { keyPath: 'id', autoIncrement: true }); };
              request.onsuccess = function () { resolve(request.result); };
              request.onerror = function () { reject(request.error); };
            });
          }
          function run(mode, work) {
            return open().then(function (db) {
              return new Promise(function (resolve, reject) {
                var transaction = db.transaction('changes', mode);
                var request = work(transaction.objectStore('changes'));
                transaction.oncomplete = function () { db.close(); resolve(request.result); };
                transaction.onerror = function () { db.close(); reject(transaction.error); };
              });
            });
          }
          return {
            add: function (change) { return run('readwrite', function (store) { return store.add(change); }); },
            put: function (change) { return run('readwrite', function (store) { return store.put(change); }); },
            all: function () { return run('readonly', function (store) { return store.getAll(); }); },
            remove: function (id) { return run('readwrite', function (store) { return store.delete(id); }); }
          };
        })();
        """
}
