import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { translate } from '../lib/i18n';

/**
 * What shows when rendering fails: the server-error message and a reload button. It uses the
 * translation function directly so that it works even when a React provider is what failed.
 */
export function ErrorFallback() {
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Box
        role="alert"
        sx={{ p: 2, borderLeft: 4, borderColor: 'error.main', bgcolor: 'background.paper', borderRadius: 1 }}
      >
        <Typography component="h1" variant="h6" gutterBottom>
          {translate('http.500')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {translate('app.reload')}
        </Button>
      </Box>
    </Box>
  );
}
