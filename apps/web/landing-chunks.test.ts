import { describe, expect, it } from 'vitest';
import { groupsOf, type ModuleGraph, src } from './landing-chunks';

/** A module graph of static imports, by module id. */
function graphOf(imports: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => ({ importedIds: imports[id] ?? [] }) };
}

const screen = {
  entry: src('main.tsx'),
  landing: src('features/marketing/routes/landing.tsx'),
  shell: src('app/app-shell.tsx'),
  signIn: src('features/accounts/routes/sign-in.tsx'),
  profile: src('features/profiles/routes/public-profile.tsx'),
  wish: src('features/wishes-public/routes/wish-page.tsx'),
};

describe('the landing pages’ chunks', () => {
  const groups = groupsOf(
    graphOf({
      [screen.entry]: ['react', 'styles'],
      [screen.landing]: ['Button', 'hero', 'styles', '/node_modules/@mui/icons-material/esm/Lock.js'],
      [screen.shell]: ['session', '/node_modules/@tanstack/query-core/build/modern/queryClient.js'],
      [screen.signIn]: ['Button', 'form', 'avatar', 'styles'],
      [screen.profile]: ['avatar', 'grid', 'image', 'OutlinedInput'],
      // An index module of a library: it re-exports (and so reaches) modules the entry does not use.
      styles: ['InputBase'],
      OutlinedInput: ['InputBase'],
      [screen.wish]: ['image', 'price'],
      form: ['zod'],
      session: ['react'],
    }),
  );

  it('puts what the landing page shares with an app screen in `shared`, what all app screens share in `app`', () => {
    expect(groups.get('Button')).toBe('shared');
    // The app shell loads with every app screen.
    expect(groups.get('session')).toBe('app');
  });

  it('puts the query library, which all app screens need to run, in `query`', () => {
    expect(groups.get('/node_modules/@tanstack/query-core/build/modern/queryClient.js')).toBe('query');
  });

  it('puts what exactly two app screens share in a file of that pair, which the third never loads', () => {
    expect(groups.get('avatar')).toBe('app-profile+sign-in');
    expect(groups.get('image')).toBe('app-profile+wish');
  });

  it('groups what the entry reaches without using it (an index module of a library) by the screens that reach it', () => {
    // Left to the bundler, it went into one screen's file, which the other screen then loaded whole.
    expect(groups.get('InputBase')).toBe('app-profile+sign-in');
  });

  it('puts what one app screen alone needs, with what it imports, in that screen’s file', () => {
    expect(groups.get('form')).toBe('sign-in');
    expect(groups.get('zod')).toBe('sign-in');
    expect(groups.get('grid')).toBe('profile');
    expect(groups.get('price')).toBe('wish');
  });

  it('puts the icons only the landing page needs in one file', () => {
    expect(groups.get('/node_modules/@mui/icons-material/esm/Lock.js')).toBe('landing-icons');
  });

  it('leaves the screens themselves and the landing page’s own modules to the bundler', () => {
    for (const id of [...Object.values(screen), 'hero']) expect(groups.has(id), id).toBe(false);
  });
});
