extension Templates {
    /// On every page: registers the service worker, says how many changes made offline wait, and
    /// sends them when the server answers again, each with the version of the file its page was
    /// made from (the server applies it, or answers 409 with the conflict, which is shown here).
    static let appScript = """
        (function () {
          if (!('serviceWorker' in navigator) || !window.indexedDB || typeof shelfQueue === 'undefined') return;
          navigator.serviceWorker.register('/sw.js').catch(function () {});
          var main = document.getElementById('main');
          if (!main) return;
          var box = document.createElement('section');
          box.className = 'queue';
          box.setAttribute('aria-label', 'Changes made offline');
          box.hidden = true;
          var banner = main.querySelector('.offline-banner');
          main.insertBefore(box, banner ? banner.nextSibling : main.firstChild);
          var sending = false;
          // Set when the server asks for its access link (on the network, after a restart).
          var locked = false;

          function describe(change) {
            var form = new URLSearchParams(change.body);
            switch (change.action) {
              case 'rate': return form.get('rating') === 'none' ? 'no rating' : 'rating ' + form.get('rating');
              case 'status': return { reading: 'started', read: 'finished', abandoned: 'abandoned' }[form.get('status')] || 'status';
              case 'progress': return 'progress ' + form.getAll('position').filter(Boolean).pop();
              case 'note': return 'a note';
              case 'edit': return 'an edit of its fields';
              case 'lend': return 'lent to ' + form.get('to');
              case 'return': return 'returned';
            }
            return change.action;
          }

          function render(changes) {
            box.textContent = '';
            box.hidden = changes.length === 0;
            if (!changes.length) return;
            var count = document.createElement('p');
            count.className = 'queue-count';
            count.setAttribute('role', 'status');
            count.textContent = (changes.length === 1 ? '1 change made offline waits' : changes.length + ' changes made offline wait')
              + (locked ? ' on this device: the server was started again and asks for its new access link. '
                + 'Open the link shelf serve printed; the changes are sent then:' : ' on this device, to be sent when the server is back:');
            var list = document.createElement('ul');
            changes.forEach(function (change) {
              var item = document.createElement('li');
              item.textContent = change.book + ': ' + describe(change);
              if (change.conflict) {
                item.append(' (the file changed too) ');
                var button = document.createElement('button');
                button.type = 'button';
                button.textContent = 'Choose which to keep';
                button.addEventListener('click', function () { send(change).catch(function () {}); });
                item.appendChild(button);
              }
              list.appendChild(item);
            });
            box.append(count, list);
          }

          function refresh() { return shelfQueue.all().then(render); }

          // The form token changes at every start of the server: a fresh one from the book's page.
          // Null when the answer is the saved copy (the server is still away), false when the
          // server asks for its access link.
          async function freshToken(change) {
            var response = await fetch('/book' + change.url.slice(change.url.indexOf('?')), { cache: 'no-store' });
            if (response.headers.get('X-Shelf-Saved')) return null;
            if (response.status === 401) return false;
            var input = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('input[name=token]');
            return input ? input.value : '';
          }

          // Sends one change: 'sent', 'shown' (the server's answer is on the page), 'away' or
          // 'locked' (kept: the server asks for its access link first).
          async function send(change) {
            var token = await freshToken(change);
            if (token === null) return 'away';
            if (token === false) return 'locked';
            var form = new URLSearchParams(change.body);
            form.set('token', token);
            var response = await fetch(change.url, { method: 'POST', body: form });
            if (response.ok && response.redirected) {
              await shelfQueue.remove(change.id);
              return 'sent';
            }
            if (response.status === 401) return 'locked';
            if (response.status === 409) {
              // The file changed the same field: kept until the reader chooses.
              change.conflict = true;
              await shelfQueue.put(change);
            } else {
              // Refused (a value the file cannot take, a book no longer there): the answer says why.
              await shelfQueue.remove(change.id);
            }
            show(await response.text(), change);
            return 'shown';
          }

          // The server's answer in place of this page's content. Choosing on it settles the change.
          function show(html, change) {
            var answer = new DOMParser().parseFromString(html, 'text/html');
            var content = answer.getElementById('main');
            if (!content) return;
            var note = document.createElement('p');
            note.className = 'notice';
            note.setAttribute('role', 'alert');
            note.textContent = 'A change made offline was not saved as it was (' + change.book + ': ' + describe(change) + '):';
            main.replaceChildren(note, box);
            Array.prototype.forEach.call(content.childNodes, function (node) { main.appendChild(document.importNode(node, true)); });
            document.title = answer.title;
            main.querySelectorAll('form').forEach(function (form) {
              form.addEventListener('submit', function (event) {
                event.preventDefault();
                shelfQueue.remove(change.id).then(function () { form.submit(); });
              });
            });
            main.querySelectorAll('.conflict form a').forEach(function (link) {
              link.addEventListener('click', function (event) {
                event.preventDefault();
                shelfQueue.remove(change.id).then(function () { location.href = link.href; });
              });
            });
            refresh();
          }

          // One page at a time sends (another tab waits for the lock, then finds the queue emptied).
          async function flush() {
            if (sending) return;
            sending = true;
            try {
              if (navigator.locks) await navigator.locks.request('shelf-queue', drain);
              else await drain();
            } finally {
              sending = false;
            }
          }

          async function drain() {
            var sent = 0, outcome = 'sent';
            var changes = await shelfQueue.all();
            for (var index = 0; index < changes.length && outcome === 'sent'; index++) {
              if (changes[index].conflict) continue;
              try { outcome = await send(changes[index]); } catch (error) { outcome = 'away'; }
              if (outcome === 'sent') sent++;
            }
            locked = outcome === 'locked';
            await refresh();
            // This page was made before the changes landed: show the files as they are now.
            if (sent && outcome === 'sent') location.reload();
          }

          refresh().then(flush);
          window.addEventListener('online', flush);
          setInterval(function () {
            shelfQueue.all().then(function (changes) { if (changes.some(function (change) { return !change.conflict; })) flush(); });
          }, 20000);
        })();
        """
}
