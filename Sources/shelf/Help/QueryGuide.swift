/// The query language's guide, printed by `shelf help query`. Its text is docs/query.md, embedded
/// by scripts/embed-query-guide.sh (`make man`), so the page and the command cannot drift apart;
/// a test compares them.
enum QueryGuide {}
