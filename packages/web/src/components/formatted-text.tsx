import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A catalogue text of several parts (the presentation and terms-of-use texts): parts are separated by
 * a blank line; a part starting with `## ` is a heading, a part whose lines start with `- ` a list.
 */
export function FormattedText({ text }: { text: string }) {
  const parts = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return (
    <Box sx={{ '& > :last-child': { mb: 0 } }}>
      {parts.map((part, index) => {
        const key = `${index}-${part.slice(0, 24)}`;
        if (part.startsWith('## '))
          return (
            <Typography key={key} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
              {part.slice(3)}
            </Typography>
          );
        const lines = part.split('\n');
        if (lines.every((line) => line.startsWith('- ')))
          return (
            <Box key={key} component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
              {lines.map((line) => (
                <Typography key={line} component="li" variant="body1">
                  {line.slice(2)}
                </Typography>
              ))}
            </Box>
          );
        return (
          <Typography key={key} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {part}
          </Typography>
        );
      })}
    </Box>
  );
}
