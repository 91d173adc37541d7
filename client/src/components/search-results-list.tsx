// The results region of a "find someone and link them" panel: a note while the first answer is on
// its way, a no-results note, or a list of people each with a link button (or a tag when already
// linked). A failed search reads as no results (SPEC §8); the caller logs it.
import { LinkIcon } from './icons';
import { PersonItem } from './person-item';

interface Person {
  name: string;
  lname: string;
  email: string;
}

export interface SearchResultsTexts {
  searching: string;
  noResults: string;
  resultsLabel: string;
  alreadyLinked: string;
  link: string;
  linkNamed: (name: string) => string;
}

interface SearchResultsListProps<T extends Person> {
  id: string;
  className: string;
  noteClassName: string;
  // The term searched for; nothing shows while it is empty.
  term: string;
  search: { isFetching: boolean; isError: boolean; data: T[] | undefined };
  keyOf: (item: T) => number;
  // A second fact shown beside the email, when the person has one.
  detailOf: (item: T) => string | null | undefined;
  isLinked: (item: T) => boolean;
  linking: boolean;
  onLink: (item: T) => void;
  texts: SearchResultsTexts;
}

export function SearchResultsList<T extends Person>(props: SearchResultsListProps<T>) {
  const { id, className, noteClassName, term, search, keyOf, detailOf, isLinked, linking, onLink, texts } = props;
  const showResults = term !== '' && (search.isError || search.data !== undefined);
  const results = search.isError ? [] : (search.data ?? []);
  return (
    <div id={id} className={className} aria-live="polite" aria-busy={search.isFetching}>
      {term !== '' && search.isFetching && !showResults && <p className={noteClassName}>{texts.searching}</p>}
      {showResults && results.length === 0 && <p className={noteClassName}>{texts.noResults}</p>}
      {showResults && results.length > 0 && (
        <ul className="bordered-list result-list" aria-label={texts.resultsLabel}>
          {results.map((item) => {
            const name = `${item.name} ${item.lname}`.trim();
            const detail = detailOf(item);
            return (
              <PersonItem key={keyOf(item)} person={item} title={name} details={[item.email, detail]}>
                {isLinked(item) ? (
                  <span className="tag tag--muted">{texts.alreadyLinked}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    aria-label={texts.linkNamed(name)}
                    // Not disabled while linking: a disabled button would drop the focus.
                    aria-disabled={linking}
                    onClick={() => onLink(item)}
                  >
                    <LinkIcon />
                    {texts.link}
                  </button>
                )}
              </PersonItem>
            );
          })}
        </ul>
      )}
    </div>
  );
}
