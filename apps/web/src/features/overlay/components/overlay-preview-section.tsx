import Box from '@mui/material/Box';
import type { OverlaySettings } from '@sweetwish/shared/overlay';
import { Section } from './settings-section';

/** The overlay itself, live, in a 16:9 frame scaled to the screen, over a checkerboard showing what is transparent. */
export function PreviewSection({ settings }: { settings: OverlaySettings }) {
  return (
    <Section title="Preview">
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          borderRadius: 2,
          overflow: 'hidden',
          backgroundColor: '#333',
          backgroundImage:
            'linear-gradient(45deg, #444 25%, transparent 25%), linear-gradient(-45deg, #444 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #444 75%), linear-gradient(-45deg, transparent 75%, #444 75%)',
          backgroundSize: '32px 32px',
          backgroundPosition: '0 0, 0 16px, 16px -16px, -16px 0',
        }}
      >
        <iframe
          // A new secret is a new page: the old one's stream has ended.
          key={settings.secret}
          title="Overlay preview"
          src={`/overlay/${settings.secret}`}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            border: 0,
            background: 'transparent',
          }}
        />
      </Box>
    </Section>
  );
}
