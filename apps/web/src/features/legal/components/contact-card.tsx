import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { SUPPORT_EMAIL } from '@sweetwish/shared/brand';

/**
 * The support address, prominent, with a button that opens the visitor's mail app. Its texts are divs, not
 * paragraphs, so the legal page's paragraph styles leave them alone.
 */
export function ContactCard() {
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 2.5,
        p: { xs: 2.5, sm: 3 },
        mb: 2,
        borderRadius: '20px',
        border: 1,
        borderColor: alpha(theme.palette.primary.main, 0.35),
        background: `linear-gradient(160deg, ${alpha(theme.palette.primary.main, 0.14)}, ${alpha(theme.palette.secondary.main, 0.06)})`,
      })}
    >
      <Box
        sx={{
          width: 48,
          height: 48,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          borderRadius: '14px',
          color: 'primary.main',
          bgcolor: (theme) => alpha(theme.palette.primary.main, 0.14),
        }}
      >
        <MailOutlineIcon />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 700, color: 'text.primary' }}>
          E-mail the support team
        </Typography>
        <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Tell us your handle and what happened. We read every message and reply by e-mail.
        </Typography>
      </Box>
      <Button
        component="a"
        href={`mailto:${SUPPORT_EMAIL}`}
        variant="contained"
        sx={{
          borderRadius: 999,
          px: 2.5,
          flexShrink: 0,
          '&&': { color: 'primary.contrastText', textDecoration: 'none' },
        }}
      >
        {SUPPORT_EMAIL}
      </Button>
    </Box>
  );
}
