import { CloseOutlined, HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentSearches } from '../store/recent-searches.ts';
import styles from '../catalogue.module.css';

/**
 * The home search field. While it has focus it offers the recent searches of this device (newest
 * first) with 'Clear history'; submitting remembers the term. Emptying it ends the search.
 */
export function SearchBox({
  value,
  onSearch,
  onClear,
}: {
  value: string;
  onSearch: (term: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { searches, add, remove, clear } = useRecentSearches();

  // The field follows the URL (back/forward between searches).
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  const search = (term: string) => {
    const clean = term.trim();
    if (!clean) return;
    add(clean);
    setText(clean);
    setOpen(false);
    input.current?.blur();
    onSearch(clean);
  };

  const showRecent = open && searches.length > 0;

  return (
    <div
      className={styles.searchArea}
      ref={area}
      onBlur={(e) => {
        if (!area.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <form
        role="search"
        className={styles.searchForm}
        onSubmit={(e) => {
          e.preventDefault();
          search(text);
        }}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('catalogue.search.label')}
        </label>
        <SearchOutlined aria-hidden className={styles.searchIcon} />
        <input
          ref={input}
          id={`${id}-q`}
          // Named as home's address names it: sent before the app's code has taken over the server's
          // markup, the form asks for /home?q=… itself (home-address.ts reads it the same way).
          name="q"
          type="search"
          enterKeyHint="search"
          className={styles.searchInput}
          data-testid="search-input"
          autoComplete="off"
          maxLength={100}
          placeholder={t('catalogue.search.placeholder')}
          value={text}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
          onChange={(e) => {
            setText(e.target.value);
            // An emptied field is no search: the results of the last one go with it.
            if (!e.target.value.trim() && value) onClear();
          }}
        />
        {(text || value) && (
          <button
            // Keyed, as the submit button is: drawn in front of it, it must not take over the submit
            // button's element (a tap held before the app took the page over is done on that element).
            key="clear"
            type="button"
            className={`${styles.iconButton} search-clear`}
            aria-label={t('catalogue.search.clear')}
            data-testid="search-clear"
            onClick={() => {
              setText('');
              onClear();
              input.current?.focus();
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
        <button key="submit" type="submit" className={styles.searchSubmit} data-testid="search-submit">
          {t('catalogue.search.submit')}
        </button>
      </form>
      {showRecent && (
        <section
          id={`${id}-recent`}
          className={styles.recentSearches}
          aria-labelledby={`${id}-recent-title`}
          data-testid="recent-searches"
        >
          <div className={styles.recentHead}>
            <h2 id={`${id}-recent-title`} className={styles.recentTitle}>
              {t('catalogue.search.recent')}
            </h2>
            <button type="button" className={styles.textButton} onClick={clear} data-testid="clear-history">
              {t('catalogue.search.clearHistory')}
            </button>
          </div>
          <ul className={styles.recentList}>
            {searches.map((term) => (
              <li key={term}>
                <button
                  type="button"
                  className={styles.recentTerm}
                  onClick={() => search(term)}
                  data-testid="recent-term"
                >
                  <HistoryOutlined aria-hidden />
                  <span>{term}</span>
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('catalogue.search.remove', { term })}
                  onClick={() => remove(term)}
                >
                  <CloseOutlined aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
