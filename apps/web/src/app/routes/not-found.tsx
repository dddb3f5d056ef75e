import { OopsPage } from '../../components/ui/oops-page';

export function NotFoundRoute() {
  return <OopsPage />;
}
