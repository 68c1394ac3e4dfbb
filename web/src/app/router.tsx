import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes';

/** The browser router of the app (history API, no hash). */
export const createAppRouter = () => createBrowserRouter(appRoutes);
