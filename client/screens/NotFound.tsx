import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';
import '../i18n/screens.js';

/** An address no route of the table matches (its catch-all): the product's own page, with a way home. */
export default function NotFound() {
  const { t } = useLingui();
  return (
    <main className="screen error-screen">
      <h1>{t`Nothing here`}</h1>
      <p className="muted">{t`There is no page at this address. Check the link, or start from the beginning.`}</p>
      <Link className="button button--primary" to="/">
        {t`Back to ${PRODUCT_NAME}`}
      </Link>
    </main>
  );
}
