import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { collapsedText, isLongText } from '../lib/collapse';

/** A text message: long ones collapse with "read more" and expand with "show less" (product.md section 2). */
export function CollapsibleText({ text }: { text: string }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const isLong = isLongText(text);
  return (
    <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {isLong && !isExpanded ? collapsedText(text) : text}
      {isLong && (
        <>
          {' '}
          <ButtonBase
            // A tap on the toggle is not a tap on the message (no heart from it).
            onClick={(event) => {
              event.stopPropagation();
              setIsExpanded(!isExpanded);
            }}
            aria-expanded={isExpanded}
            sx={{
              font: 'inherit',
              fontWeight: 700,
              textDecoration: 'underline',
              verticalAlign: 'baseline',
              borderRadius: 1,
            }}
          >
            {isExpanded ? 'show less' : 'read more'}
          </ButtonBase>
        </>
      )}
    </Box>
  );
}
