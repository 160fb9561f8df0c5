import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmberOutlined';
import type { ImportRowStatus } from '@portail/contract/schemas/participant-import';
import type { ReactElement } from 'react';

/** Each row status's icon: the label beside it says the same, so colour is never the only sign. */
export function statusIcon(status: ImportRowStatus): ReactElement {
  switch (status) {
    case 'new':
      return <AddCircleOutlineIcon color="success" fontSize="small" aria-hidden />;
    case 'update':
      return <EditOutlinedIcon color="primary" fontSize="small" aria-hidden />;
    case 'unchanged':
      return <CheckCircleOutlineIcon color="action" fontSize="small" aria-hidden />;
    default:
      return <ErrorOutlineIcon color="error" fontSize="small" aria-hidden />;
  }
}

/** The icon of a notice (a row imported all the same, told something about a cell). */
export function noticeIcon(): ReactElement {
  return <WarningAmberIcon color="warning" fontSize="small" aria-hidden />;
}
