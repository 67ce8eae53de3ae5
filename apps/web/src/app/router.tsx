import { createBrowserRouter, type HydrationState } from 'react-router';
import { routes } from './routes';

/** The app's router; `hydrationData` when it takes over a page the server rendered (main.tsx). */
export const createRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, { hydrationData });
