import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../api/client-config';
import { FooterLine } from './FooterLine';

/** The footer line of every frame (FooterLine) with the server's client config. */
export function AppFooterText() {
  const { data } = useQuery(clientConfigQueryOptions());
  return <FooterLine config={data} />;
}
