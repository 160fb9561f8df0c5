import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';
import { NotFoundPage } from './not-found-page';

/** Errors thrown while loading or rendering a screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ErrorFallback />;
}
