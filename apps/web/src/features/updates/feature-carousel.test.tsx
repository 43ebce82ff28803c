import { renderInI18n as render } from '../../testing/render.tsx';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FeatureCarousel } from './feature-carousel.tsx';

const NAMES = ['Describe Scene', 'Navigate', 'Magnify'];
const STATES = ['install or update available', 'not available yet', undefined];

/** The carousel as the updates page holds it: the page keeps the index. */
function Carousel() {
  const [index, setIndex] = useState(0);
  return <FeatureCarousel label="SEVA features" names={NAMES} states={STATES} index={index} onIndexChange={setIndex} renderSlide={(i) => <h2>{NAMES[i]}</h2>} />;
}

function renderCarousel() {
  render(<Carousel />);
  const carousel = screen.getByRole('region', { name: 'SEVA features' });
  const slide = () => carousel.querySelector('[aria-roledescription="slide"]');
  const live = () => carousel.querySelector('[aria-live="polite"]');
  return { carousel, slide, live };
}

describe('FeatureCarousel', () => {
  it('shows one slide, labelled by its place, and its dot as current', () => {
    const { carousel, slide, live } = renderCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(slide()).toHaveAttribute('aria-label', '1 of 3');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show feature 1: Describe Scene, install or update available' })).toHaveAttribute('aria-current', 'true');
    expect(live()).toBeEmptyDOMElement();
  });

  it("names each dot with its feature's state, once the state is known", () => {
    renderCarousel();
    expect(screen.getAllByRole('button', { name: /^Show feature/ }).map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Show feature 1: Describe Scene, install or update available',
      'Show feature 2: Navigate, not available yet',
      'Show feature 3: Magnify',
    ]);
  });

  it('wraps around with Previous and Next and announces the new slide', async () => {
    const user = userEvent.setup();
    const { slide, live } = renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Previous feature' }));
    expect(slide()).toHaveAttribute('aria-label', '3 of 3');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Magnify');
    expect(live()).toHaveTextContent('3 of 3: Magnify');
    await user.click(screen.getByRole('button', { name: 'Next feature' }));
    expect(slide()).toHaveAttribute('aria-label', '1 of 3');
    expect(live()).toHaveTextContent('1 of 3: Describe Scene');
  });

  it('moves between dots with the arrow keys, focus following', async () => {
    const user = userEvent.setup();
    renderCarousel();
    const first = screen.getByRole('button', { name: /^Show feature 1: Describe Scene/ });
    first.focus();
    await user.keyboard('{ArrowLeft}');
    const last = screen.getByRole('button', { name: /^Show feature 3: Magnify/ });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveAttribute('aria-current');
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
  });
});
