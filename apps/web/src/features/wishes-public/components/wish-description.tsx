import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DEFAULT_WISH_DESCRIPTION } from '@sweetwish/shared/wish-rules';
import { useState } from 'react';

/** About what three lines of the wish page hold at its narrowest: longer texts get "Read more". */
const CLAMPED_CHARACTERS = 150;
const CLAMPED_LINES = 3;

export function isLongDescription(text: string): boolean {
  return text.length > CLAMPED_CHARACTERS || text.split('\n').length > CLAMPED_LINES;
}

/**
 * A wish's description on its page: clamped to three lines, with "Read more" (and "Show less") when it is
 * longer, so the rest can be read. "Thank you!" when there is none.
 */
export function WishDescription({ description }: { description: string }) {
  const text = description || DEFAULT_WISH_DESCRIPTION;
  const [isExpanded, setIsExpanded] = useState(false);
  const isLong = isLongDescription(text);
  return (
    <Box>
      <Typography
        color="text.secondary"
        id="wish-description"
        sx={{
          ...(!isExpanded && {
            display: '-webkit-box',
            WebkitLineClamp: CLAMPED_LINES,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }),
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Typography>
      {isLong && (
        <Button
          size="small"
          aria-expanded={isExpanded}
          aria-controls="wish-description"
          onClick={() => setIsExpanded((expanded) => !expanded)}
          sx={{ px: 0, minWidth: 0, textTransform: 'none' }}
        >
          {isExpanded ? 'Show less' : 'Read more'}
        </Button>
      )}
    </Box>
  );
}
