import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';

const floatUp = keyframes`
  0% { transform: translateY(0) scale(0.5) rotate(0deg); opacity: 0; }
  15% { opacity: 1; }
  70% { opacity: 0.8; }
  100% { transform: translateY(-150px) scale(1.1) rotate(var(--tilt)); opacity: 0; }
`;

const beat = keyframes`
  0%, 100% { transform: scale(1); }
  12% { transform: scale(1.12); }
  24% { transform: scale(0.98); }
  36% { transform: scale(1.08); }
`;

const HEART_PATH =
  'M12 21 4.2 13.4C1.6 10.9 1.6 7 4.1 4.7c2.3-2.1 5.8-1.9 7.9.6 2.1-2.5 5.6-2.7 7.9-.6 2.5 2.3 2.5 6.2-.1 8.7z';

/** Where each small heart starts (left, in % of the width), its size, its timing and its tilt at the top. */
const HEARTS = [
  { left: 8, size: 18, duration: 5.2, delay: 0, tilt: '-18deg', color: 'primary.main' },
  { left: 22, size: 26, duration: 6.4, delay: 1.6, tilt: '12deg', color: 'primary.light' },
  { left: 34, size: 14, duration: 4.6, delay: 3.1, tilt: '-8deg', color: 'secondary.main' },
  { left: 62, size: 16, duration: 5.0, delay: 0.8, tilt: '16deg', color: 'secondary.main' },
  { left: 74, size: 24, duration: 6.0, delay: 2.4, tilt: '-14deg', color: 'primary.main' },
  { left: 88, size: 18, duration: 5.6, delay: 3.8, tilt: '10deg', color: 'primary.light' },
] as const;

/**
 * A beating heart with small hearts floating up around it, looping for ever. Pure CSS on inline SVG;
 * decorative, so hidden from assistive technology. With reduced motion it is a still picture.
 */
export function FloatingHearts() {
  return (
    <Box
      aria-hidden="true"
      sx={{ position: 'relative', height: 170, maxWidth: 360, mx: 'auto', overflow: 'hidden', pointerEvents: 'none' }}
    >
      {HEARTS.map((heart) => (
        <Box
          key={heart.left}
          component="svg"
          viewBox="0 0 24 24"
          sx={{
            position: 'absolute',
            bottom: 0,
            left: `${heart.left}%`,
            width: heart.size,
            height: heart.size,
            color: heart.color,
            opacity: 0,
            '--tilt': heart.tilt,
            animation: `${floatUp} ${heart.duration}s ease-in ${heart.delay}s infinite`,
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              opacity: 0.6,
              bottom: `${30 + (heart.left % 5) * 18}px`,
            },
          }}
        >
          <path fill="currentColor" d={HEART_PATH} />
        </Box>
      ))}
      <Box
        component="svg"
        viewBox="0 0 24 24"
        sx={{
          position: 'absolute',
          left: '50%',
          bottom: 28,
          width: 96,
          height: 96,
          ml: '-48px',
          color: 'primary.main',
          filter: (theme) => `drop-shadow(0 10px 28px ${alpha(theme.palette.primary.main, 0.45)})`,
          animation: `${beat} 1.6s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <path fill="currentColor" d={HEART_PATH} />
      </Box>
    </Box>
  );
}
