import { createTheme } from '@mui/material/styles';

/** Dark theme, primary pink (product.md section 2, Guards and shared behaviour). */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#f06292', contrastText: '#1a0b12' },
    secondary: { main: '#ce93d8' },
    background: { default: '#121212', paper: '#1c1a1d' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

export const TOP_BAR_HEIGHT = 65;
export const MIN_PAGE_WIDTH = 320;
