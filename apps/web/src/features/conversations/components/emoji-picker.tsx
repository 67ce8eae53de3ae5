import SmileIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { COMMON_EMOJI } from '../lib/emoji';

/** The composer's emoji button and its grid of common emoji (product.md section 2; hidden on mobile by the composer). */
export function EmojiPicker({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label="Insert emoji"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary' }}
      >
        <SmileIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        // The caret stays where it was in the message field, so the emoji goes in there.
        disableRestoreFocus
      >
        <Box
          role="group"
          aria-label="Emoji"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 0.25, p: 1 }}
        >
          {COMMON_EMOJI.map((emoji) => (
            <ButtonBase
              key={emoji}
              aria-label={`Insert ${emoji}`}
              onClick={() => {
                onPick(emoji);
                setAnchor(null);
              }}
              sx={{ width: 36, height: 36, borderRadius: 1.5, fontSize: 22, '&:hover': { bgcolor: 'action.hover' } }}
            >
              {emoji}
            </ButtonBase>
          ))}
        </Box>
      </Popover>
    </>
  );
}
