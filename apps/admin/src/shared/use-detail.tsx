import { useOne, type BaseRecord } from '@refinedev/core';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from './error-text.ts';

/**
 * The record a detail screen shows (/members/:id, /orders/:id), by the id in its address. Until it is
 * there, `fallback` is what the screen shows instead: a skeleton while it loads, else the error with
 * the way back to the list.
 */
export function useDetail<T extends BaseRecord>(resource: 'members' | 'orders') {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { result, query } = useOne<T>({ resource, id });
  if (query.isLoading) return { id, record: null, fallback: <Skeleton active /> };
  if (query.error || !result)
    return {
      id,
      record: null,
      fallback: (
        <Alert
          type="error"
          showIcon
          title={errorText(t, query.error)}
          action={<Link to={`/${resource}`}>{t(`admin.${resource}.back`)}</Link>}
        />
      ),
    };
  return { id, record: result, fallback: null };
}
