import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

const GA_HOSTS = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

export interface SecurityOptions {
  /** Page-view analytics is on: its hosts join the content security policy. */
  analytics: boolean;
}

/** Security headers on every answer: a strict content security policy, nosniff, HSTS and the rest of helmet's set. */
export const securityHeaders = fp<SecurityOptions>(async (app, { analytics }) => {
  const thirdParty = analytics ? GA_HOSTS : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty],
        connectSrc: ["'self'", ...thirdParty],
        imgSrc: ["'self'", 'data:', ...thirdParty],
        styleSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (browsers ignore it on plain HTTP), and never for a self-hoster's other subdomains.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
});
