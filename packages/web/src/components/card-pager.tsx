import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

export interface CardPagerProps {
  /** Zero-based page. */
  page: number;
  size: number;
  totalRows: number;
  onPageChange: (page: number) => void;
}

/** The pages of a list shown as cards (a phone's lists): "1–15 of 20" and previous/next. */
export function CardPager({ page, size, totalRows, onPageChange }: CardPagerProps) {
  const { t } = useTranslation();
  if (totalRows <= size && page === 0) return null;
  return (
    <TablePagination
      component="div"
      count={totalRows}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPageChange(next)}
      labelDisplayedRows={({ from, to, count }) => t('table.pager', { from, to, count })}
      getItemAriaLabel={(type) => t(`table.pagerButtons.${type}`)}
      sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
    />
  );
}
