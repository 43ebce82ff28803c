import { screen, within } from '@testing-library/react';

/** A form's error summary after a failed submit: 'There is a problem' and what it is. */
export const errorSummary = () => screen.getByRole('group', { name: 'There is a problem' });

/** The error summary, or null when there is none. */
export const queryErrorSummary = () => screen.queryByRole('group', { name: 'There is a problem' });

/** The summary's links, one for each wrong field, by their text. */
export const summaryLinks = () => within(errorSummary()).queryAllByRole('link').map((link) => link.textContent);
