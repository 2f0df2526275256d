import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/error-text.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { labelOf, pickPageQuery, useCatalogueNames, type PickKind } from './use-catalogue-options.ts';
import styles from './catalogue.module.css';

/** How many rows one search shows: enough to pick from, small enough to answer at once. */
const PICK_PAGE = 20;
/** Keystrokes closer together than this are one search. */
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Common = {
  kind: PickKind;
  /** Offer published rows only (what members can open). */
  publishedOnly?: boolean;
  /** Set by Form.Item: the id its label points to, and aria-required / -invalid / -describedby. */
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
};
type Single = Common & { multiple?: false; value?: string | null; onChange?: (v: string | null) => void };
type Multiple = Common & { multiple: true; value?: string[]; onChange?: (v: string[]) => void };

/**
 * A store, category, voucher or privilege picked by searching the server as staff type (the catalogue
 * may hold thousands; one page is 100 at most). The chosen rows show their names even when no search
 * lists them, and the list says when it is searching, found nothing, or shows only the first rows.
 */
export function CataloguePicker(props: Single | Multiple) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { kind, multiple } = props;
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const typing = text.trim() !== q;
  const found = useQuery({
    ...pickPageQuery(kind, q, PICK_PAGE, props.publishedOnly ? 'published' : undefined),
    placeholderData: keepPreviousData,
  });
  const chosen = multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const names = useCatalogueNames(kind, chosen);
  const searching = typing || found.isPlaceholderData || (found.isFetching && !found.data);
  const rows = found.data?.items ?? [];
  const options = rows.map((r) => ({ value: r.id, label: labelOf(lang, r) }));
  const total = found.data?.total ?? 0;

  const empty = searching ? (
    <div className={styles.pickerState} role="status">
      <Spin size="small" /> {t('admin.catalogue.picker.searching')}
    </div>
  ) : found.error ? (
    <div className={styles.pickerState} role="alert">
      {errorText(t, found.error) || t('admin.catalogue.picker.failed')}
    </div>
  ) : (
    <div className={styles.pickerState} role="status">
      {q ? t('admin.catalogue.picker.nothingFound', { q }) : t('admin.catalogue.picker.nothingYet')}
    </div>
  );

  return (
    <Select
      id={props.id}
      aria-label={props['aria-label']}
      aria-required={props['aria-required']}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      className={props.className}
      disabled={props.disabled}
      mode={multiple ? 'multiple' : undefined}
      allowClear={props.allowClear}
      showSearch={{ filterOption: false, onSearch: setText }}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      loading={searching}
      placeholder={props.placeholder ?? t('admin.catalogue.picker.typeToSearch')}
      value={multiple ? (props.value ?? []) : (props.value ?? null)}
      onChange={(v: string | string[] | null | undefined) => {
        if (props.multiple) props.onChange?.((v as string[] | undefined) ?? []);
        else props.onChange?.((v as string | null | undefined) ?? null);
      }}
      // A chosen row's name, whether or not the current search lists it.
      labelRender={({ value }) => names.nameOf(String(value)) ?? t('admin.catalogue.picker.gone')}
      // While a search runs the earlier results are not offered: Enter must not pick a stale one.
      options={searching ? [] : options}
      notFoundContent={empty}
      popupRender={(menu) => (
        <>
          {menu}
          {!searching && total > rows.length && rows.length > 0 && (
            <div className={styles.pickerMore}>
              {t('admin.catalogue.picker.firstOf', { shown: rows.length, total })}
            </div>
          )}
        </>
      )}
    />
  );
}
