import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of /balance: a titled section with the page's card look. */
export function BalanceSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
