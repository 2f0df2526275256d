import { useTable, type BaseRecord, type CrudFilter } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Refine's headless table (page, page size and filters as state; the list through the data provider)
 * shaped for antd's <Table>: its rows, loading flag and pagination.
 */
export function useAdminTable<T extends BaseRecord>(resource: string, options: { pageSize?: number } = {}) {
  const { t } = useTranslation();
  const table = useTable<T>({
    resource,
    pagination: { pageSize: options.pageSize ?? 20, mode: 'server' },
    filters: { mode: 'server' },
    syncWithLocation: false,
  });
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, result } = table;
  const pagination: TablePaginationConfig = {
    current: currentPage,
    pageSize,
    total: result.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: (total) => t('admin.common.total', { count: total }),
    onChange: (page, size) => {
      if (size !== pageSize) setPageSize(size);
      setCurrentPage(page);
    },
  };
  /** Replaces every filter (empty values are dropped by the data provider) and goes back to page 1. */
  const search = (values: Record<string, unknown>) => {
    const filters: CrudFilter[] = Object.entries(values).map(([field, value]) => ({
      field,
      operator: 'eq',
      value,
    }));
    table.setFilters(filters, 'replace');
    setCurrentPage(1);
  };
  return {
    rows: result.data,
    loading: tableQuery.isFetching,
    error: tableQuery.error,
    refetch: tableQuery.refetch,
    pagination,
    search,
  };
}
