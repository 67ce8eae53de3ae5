import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_MIN_LENGTH, type UserSearchResult } from '@sweetwish/shared/profiles';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { UserAvatar } from '../../../components/user-avatar';
import { loadQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { searchUsers } from '../api/search-calls';
import { clearRecents, readRecents, saveRecent } from '../lib/recents';
import { SEARCH_DEBOUNCE_MS, shouldSearch } from '../lib/search-term';

/** What the page says while the term is too short to search (docs/product.md, Search). */
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;

type Results = { term: string; users: UserSearchResult[] } | { term: string; isError: true };

/** Route loader: who is signed in (their recent visits are kept per user); results come as one types. */
export function searchLoader() {
  return loadQueries();
}

/** Search (/search, product.md section 2): anyone may search; the empty input shows the recent visits. */
export function SearchPage() {
  const { me } = useMe();
  const ownId = me?.id;
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [recents, setRecents] = useState(() => readRecents(ownId));
  const lastSearched = useRef<string | null>(null);

  useEffect(() => setRecents(readRecents(ownId)), [ownId]);

  useEffect(() => {
    const term = text.trim();
    if (!shouldSearch(term, lastSearched.current)) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      lastSearched.current = term;
      setIsSearching(true);
      searchUsers(term)
        .then((users) => isCurrent && setResults({ term, users }))
        .catch(() => isCurrent && setResults({ term, isError: true }))
        .finally(() => isCurrent && setIsSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [text]);

  const visit = (user: UserSearchResult) => setRecents(saveRecent(user, ownId));
  const isEmpty = text.trim() === '';
  // One or two characters are not searched (product.md section 4): say so rather than show nothing.
  const isTooShort = !isEmpty && text.trim().length < SEARCH_MIN_LENGTH;

  return (
    <>
      <AppTopBar hasBack />
      <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2.5 }}>
          Search
        </Typography>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Enter a users name..."
          fullWidth
          autoFocus
          slotProps={{
            htmlInput: { 'aria-label': 'Search users', maxLength: 50, spellCheck: false },
            input: {
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'text.secondary' }}>
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: isSearching ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label="Searching" />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ mt: 3 }}>
          {isEmpty ? (
            <RecentsSection
              recents={recents}
              onVisit={visit}
              onClear={() => {
                clearRecents();
                setRecents([]);
              }}
            />
          ) : isTooShort ? (
            <Typography color="text.secondary">{SEARCH_TOO_SHORT}</Typography>
          ) : (
            <ResultsSection results={results} onVisit={visit} />
          )}
        </Box>
      </Box>
    </>
  );
}

function RecentsSection({
  recents,
  onVisit,
  onClear,
}: {
  recents: UserSearchResult[];
  onVisit: (user: UserSearchResult) => void;
  onClear: () => void;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Search For Anyone
        </Typography>
        {recents.length > 0 && (
          <Button size="small" onClick={onClear}>
            Clear Recents
          </Button>
        )}
      </Box>
      {recents.length > 0 ? (
        <UserList users={recents} label="Recents" onVisit={onVisit} />
      ) : (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No Recents
        </Typography>
      )}
    </>
  );
}

function ResultsSection({ results, onVisit }: { results: Results | null; onVisit: (user: UserSearchResult) => void }) {
  if (!results) return null;
  if ('isError' in results) {
    return <Typography color="error">Something went wrong.</Typography>;
  }
  if (results.users.length === 0) {
    return <Typography color="text.secondary">No Results Found</Typography>;
  }
  return <UserList users={results.users} label="Search results" onVisit={onVisit} />;
}

function UserList({
  users,
  label,
  onVisit,
}: {
  users: UserSearchResult[];
  label: string;
  onVisit: (user: UserSearchResult) => void;
}) {
  return (
    <List aria-label={label}>
      {users.map((user) => (
        <ListItemButton
          key={user.id}
          component={Link}
          to={`/${user.handle}`}
          onClick={() => onVisit(user)}
          sx={{ borderRadius: 2 }}
        >
          <ListItemAvatar>
            <UserAvatar photoUrl={user.photoUrl} name={user.displayName} size={44} />
          </ListItemAvatar>
          <ListItemText primary={user.displayName} secondary={`@${user.handle}`} />
        </ListItemButton>
      ))}
    </List>
  );
}
