import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A question that opens to its answer, built on the native details element (keyboard and screen reader
 * support for free, no script), styled like an accordion.
 */
export function FaqItem({ question, children }: { question: string; children: ReactNode }) {
  return (
    <Box
      component="details"
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: '16px',
        mb: 1.5,
        transition: 'border-color 200ms',
        '&[open]': { borderColor: 'rgba(255, 255, 255, 0.24)' },
        '&[open] > summary svg': { transform: 'rotate(180deg)' },
        '& > div > p:last-child, & > div > ul:last-child': { mb: 0 },
      }}
    >
      <Box
        component="summary"
        sx={{
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          cursor: 'pointer',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          px: { xs: 2, sm: 2.5 },
          py: 2,
          borderRadius: '16px',
          fontWeight: 600,
          fontSize: 17,
          color: 'text.primary',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          '& svg': { flexShrink: 0, color: 'primary.main', transition: 'transform 200ms' },
        }}
      >
        {question}
        <ExpandMoreIcon sx={{ fontSize: 20 }} />
      </Box>
      <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2 }}>{children}</Box>
    </Box>
  );
}
