// The same translated 404 card as the public site, inside the staff shell.
export { default, generateMetadata } from '../(site)/not-found';
