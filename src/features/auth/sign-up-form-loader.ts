/**
 * The register tab's form, loaded once: by /register's loader (beside the screen), or when the
 * login is idle. Once it is here the tab renders it at once; suspending again would hold the form
 * back for React's 300 ms before it reveals content after a fallback.
 */
import type { SignUpForm as SignUpFormComponent } from './sign-up-form';

let loaded: typeof SignUpFormComponent | undefined;

export function loadSignUpForm(): Promise<typeof SignUpFormComponent> {
  return import('./sign-up-form').then(({ SignUpForm }) => (loaded = SignUpForm));
}

export const loadedSignUpForm = (): typeof SignUpFormComponent | undefined => loaded;
