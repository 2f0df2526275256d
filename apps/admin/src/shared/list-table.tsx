import { Alert, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text.ts';

/**
 * A list screen's table under its filter bar: the load error above it, rows by id, scrolling sideways
 * on a phone; `empty` is what an empty list says (antd's own text without it).
 */
export function ListTable<T extends object>({
  error,
  empty,
  ...table
}: TableProps<T> & { error: unknown; empty?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <Alert type="error" showIcon title={errorText(t, error)} className="block-gap" /> : null}
      <Table<T>
        rowKey="id"
        className="block-gap"
        scroll={{ x: 'max-content' }}
        size="middle"
        {...(empty ? { locale: { emptyText: empty } } : {})}
        {...table}
      />
    </>
  );
}
