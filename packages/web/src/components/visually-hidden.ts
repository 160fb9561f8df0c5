/**
 * `sx` that hides text from the eye but not from screen readers (a status, a link's "opens a new
 * window"). Sizes in px: a bare 1 would be 100% in `sx`.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
