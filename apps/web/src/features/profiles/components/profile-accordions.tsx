import ChevronDownIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The "Links" and "About" accordions of a profile (product.md section 2), with the owner's edit buttons. */
export function ProfileAccordions({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  return (
    <Stack spacing={1.5}>
      <Section id="links" title="Links">
        {profile.links.length === 0 ? (
          <Typography color="text.secondary">This user has no links!</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {profile.links.map((link) => (
              <li key={link}>
                <Link
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
                >
                  <LinkIcon sx={{ fontSize: 18 }} />
                  {link}
                </Link>
              </li>
            ))}
          </Stack>
        )}
        {isOwner && (
          <Button component={RouterLink} to="/profile/links" variant="outlined" sx={{ mt: 2 }}>
            Update Links
          </Button>
        )}
      </Section>
      <Section id="about" title="About">
        <Typography
          color={profile.description ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {profile.description || 'No bio provided.'}
        </Typography>
        {isOwner && (
          <Button component={RouterLink} to="/profile/description" variant="outlined" sx={{ mt: 2 }}>
            Edit Bio
          </Button>
        )}
      </Section>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Accordion
      disableGutters
      elevation={0}
      // MUI wraps the summary in an <h3>: below the page's <h1> the sections are <h2>, as "Wishlist" is.
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ChevronDownIcon sx={{ fontSize: 20 }} />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
      >
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 18 }}>
          {title}
        </Typography>
      </AccordionSummary>
      {/* MUI gives the region around the details the id aria-controls names. */}
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
