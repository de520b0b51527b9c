/// The catalog's style sheet and the index page's filter script: plain CSS and JavaScript, inline,
/// so the pages work from `file://` with nothing else.
enum HTMLCatalogAssets {
    static let style = """
        :root { color-scheme: light dark; --muted: #6b6b6b; --line: #ddd; --accent: #2a5db0; }
        @media (prefers-color-scheme: dark) { :root { --muted: #a0a0a0; --line: #444; --accent: #8ab4f8; } }
        [hidden] { display: none !important; }
        body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; }
        a { color: var(--accent); text-decoration: none; }
        h1, .title, .authors { overflow-wrap: anywhere; }
        a:hover { text-decoration: underline; }
        header h1 { margin: 0 0 .75rem; }
        #filters { display: flex; flex-wrap: wrap; gap: .5rem; }
        #filters input { flex: 1 1 16rem; font: inherit; padding: .35rem .5rem; }
        #filters select { font: inherit; padding: .3rem; }
        #count { color: var(--muted); margin: .5rem 0 1rem; }
        #books { list-style: none; margin: 0; padding: 0; }
        .book { display: flex; gap: .9rem; padding: .6rem 0; border-top: 1px solid var(--line); }
        .book .cover { flex: 0 0 3.5rem; }
        .book img, .no-cover { display: block; width: 3.5rem; height: 5.25rem; object-fit: cover; border-radius: 3px; background: var(--line); }
        .info { display: flex; flex-direction: column; gap: .1rem; min-width: 0; }
        .title { font-weight: 600; }
        .authors, .meta { color: var(--muted); }
        .status { font-size: .8rem; border: 1px solid var(--line); border-radius: 1rem; padding: 0 .5rem; }
        .rating { letter-spacing: .05em; }
        .tag { font-size: .85rem; margin-right: .35rem; }
        .tag::before { content: "#"; opacity: .6; }
        .page article img.cover { float: right; max-width: 12rem; margin: 0 0 1rem 1rem; border-radius: 4px; }
        .page .subtitle { font-size: 1.15rem; margin-top: -.5rem; }
        .page .authors { font-size: 1.1rem; }
        .fields { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
        .fields dt { color: var(--muted); }
        .fields dd { margin: 0; overflow-wrap: anywhere; }
        .notes { clear: both; border-top: 1px solid var(--line); margin-top: 1.5rem; padding-top: .5rem; }
        .notes pre { overflow-x: auto; }
        .notes blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
        .notes img { max-width: 100%; }

        """

    /// Filters the list by the words in the box (every word must appear), the status and the tag
    /// (a tag also matches the tags nested under it), and pre-fills them from `?q=`, `?status=`
    /// and `?tag=`. Words are folded as shelf folds them: case and accents ignored.
    static let script = """
        (function () {
          'use strict';
          var box = document.getElementById('q');
          var status = document.getElementById('status');
          var tag = document.getElementById('tag');
          var count = document.getElementById('count');
          var books = Array.prototype.slice.call(document.querySelectorAll('#books > li'));
          var extra = { 'ł': 'l', 'ø': 'o', 'đ': 'd', 'ð': 'd', 'ħ': 'h', 'ı': 'i', 'ŧ': 't', 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'þ': 'th' };
          function fold(text) {
            return text.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase()
              .replace(/[łøđðħıŧßæœþ]/g, function (c) { return extra[c]; });
          }
          function apply() {
            var words = fold(box.value).split(/\\s+/).filter(function (word) { return word.length > 0; });
            var wantedStatus = status.value;
            var wantedTag = fold(tag.value);
            var shown = 0;
            books.forEach(function (book) {
              var text = book.getAttribute('data-search');
              var tags = book.getAttribute('data-tags').split('|');
              var matches = words.every(function (word) { return text.indexOf(word) !== -1; })
                && (!wantedStatus || book.getAttribute('data-status') === wantedStatus)
                && (!wantedTag || tags.some(function (t) { return t === wantedTag || t.indexOf(wantedTag + '/') === 0; }));
              book.hidden = !matches;
              if (matches) { shown += 1; }
            });
            var noun = books.length === 1 ? ' book' : ' books';
            count.textContent = shown === books.length ? books.length + noun : shown + ' of ' + books.length + noun;
          }
          function choose(select, value) {
            if (value && !Array.prototype.some.call(select.options, function (o) { return o.value === value; })) {
              var option = document.createElement('option');
              option.value = value;
              option.textContent = value;
              select.appendChild(option);
            }
            select.value = value;
          }
          var params = new URLSearchParams(window.location.search);
          box.value = params.get('q') || '';
          choose(status, params.get('status') || '');
          choose(tag, fold(params.get('tag') || ''));
          box.addEventListener('input', apply);
          status.addEventListener('change', apply);
          tag.addEventListener('change', apply);
          document.getElementById('filters').addEventListener('submit', function (event) { event.preventDefault(); });
          document.getElementById('books').addEventListener('click', function (event) {
            var link = event.target.closest ? event.target.closest('a[data-tag]') : null;
            if (!link) { return; }
            event.preventDefault();
            choose(tag, link.getAttribute('data-tag'));
            apply();
          });
          apply();
        })();

        """
}
