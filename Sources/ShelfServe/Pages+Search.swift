import ShelfKit
import ShelfPresentation

/// What a search result says beside its cover: where the query's words matched, with the
/// snippet `shelf search` prints and the words marked.
extension Pages {
    /// Each match as the grid shows it: `in notes`, `in highlights`, and the snippet as HTML,
    /// escaped, with the matching words in `<mark>`.
    static func matchedIn(_ matches: [SearchMatch], expression: QueryExpression?) -> [[String: Any]] {
        guard let expression else { return [] }
        let terms = expression.positiveTerms
        return matches.map { match -> [String: Any] in
            let snippet = Snippet.marked(
                terms, prefixWord: expression.lastPrefixWord, in: match.snippet, plain: { HTMLEscaping.text(String($0)) },
                match: { "<mark>" + HTMLEscaping.text(String($0)) + "</mark>" })
            return ["field": fieldName(match.field), "snippet": snippet]
        }
    }

    /// A match's field in words: `highlight` (a passage of the `## Highlights` section) reads
    /// "highlights", as the page's link says.
    static func fieldName(_ field: String) -> String {
        field == "highlight" ? "highlights" : field
    }
}

/// Suggestions while typing: the search box's (`/suggest`, whole queries completed by
/// `QuerySuggestions`) and the forms' (`<datalist>`s of the library's tags, authors and series).
extension Pages {
    /// `/suggest?q=TEXT`: the queries the search box offers for `TEXT`, as a JSON array.
    func suggestions(_ text: String) -> String {
        let values = (try? live.snapshot()).map(overview(of:)).map(\.values) ?? LibraryValues()
        let saved = library.queryParser(today: Clock.today()).savedQueries.keys
        let found = QuerySuggestions(values: values, savedQueries: Array(saved)).complete(text)
        return JSONValue.array(found.map(JSONValue.string)).serialized()
    }

    /// The suggestions the search box starts with, before the script asks for more: the fields.
    static let firstSuggestions = QuerySuggestions(values: LibraryValues()).complete("")

    /// The library's values for the forms' lists: those worked out at the last look at every
    /// file (a change behind at most: a book page need not look at every file for them), or now.
    func formValues() -> [String: Any] {
        let values = gridMemo.latest()?.values ?? (try? live.snapshot()).map(overview(of:)).map(\.values) ?? LibraryValues()
        return [
            "tagChoices": values.tags.map { ["value": $0] }, "authorChoices": values.authors.map { ["value": $0] },
            "seriesChoices": values.series.map { ["value": $0] },
        ]
    }
}

extension Templates {
    /// The forms' datalists (`list="tag-choices"` and so on): the library's values.
    static let choices = """
        <datalist id="tag-choices">{{#tagChoices}}<option value="{{value}}"></option>{{/tagChoices}}</datalist>
        <datalist id="author-choices">{{#authorChoices}}<option value="{{value}}"></option>{{/authorChoices}}</datalist>
        <datalist id="series-choices">{{#seriesChoices}}<option value="{{value}}"></option>{{/seriesChoices}}</datalist>
        """

    /// Suggestions as the query is typed: asks `/suggest` (after a pause in the typing) and puts
    /// the answer in the search box's datalist. In a field holding a list (`data-items`: tags
    /// and authors, comma between), offers each choice after the items already typed. A file of
    /// its own: the pages run no inline script.
    static let suggestScript = """
        (function () {
          var box = document.getElementById('q'), list = document.getElementById('query-suggestions'), timer = null, asked = '';
          function fill(datalist, values) {
            while (datalist.firstChild) datalist.removeChild(datalist.firstChild);
            values.forEach(function (value) { var option = document.createElement('option'); option.value = value; datalist.appendChild(option); });
          }
          if (box && list && window.fetch) {
            box.addEventListener('input', function () {
              clearTimeout(timer);
              timer = setTimeout(function () {
                var text = box.value;
                if (text === asked) return;
                asked = text;
                fetch('/suggest?q=' + encodeURIComponent(text), { credentials: 'same-origin' })
                  .then(function (response) { return response.ok ? response.json() : []; })
                  .then(function (values) { if (box.value === text) fill(list, values); }, function () {});
              }, 120);
            });
          }
          Array.prototype.forEach.call(document.querySelectorAll('input[data-items]'), function (input) {
            var source = document.getElementById(input.getAttribute('list')), own = document.createElement('datalist');
            if (!source) return;
            var choices = Array.prototype.map.call(source.options, function (option) { return option.value; });
            own.id = input.getAttribute('list') + '-' + input.name; document.body.appendChild(own); input.setAttribute('list', own.id);
            function offer() {
              var cut = input.value.lastIndexOf(','), head = cut < 0 ? '' : input.value.slice(0, cut + 1) + ' ';
              var typed = input.value.slice(cut + 1).trim().toLowerCase();
              var taken = input.value.slice(0, cut + 1).split(',').map(function (item) { return item.trim().toLowerCase(); });
              fill(own, choices.filter(function (choice) {
                return taken.indexOf(choice.toLowerCase()) < 0 && choice.toLowerCase().indexOf(typed) >= 0;
              }).slice(0, 30).map(function (choice) { return head + choice; }));
            }
            input.addEventListener('input', offer); offer();
          });
        })();
        """
}
