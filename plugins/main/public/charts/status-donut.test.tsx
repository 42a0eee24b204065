import { screen, within } from '@testing-library/react';
import { createMockHttp } from '../test-support/mock-http';
import { createTestServices, renderWithServices } from '../test-support/test-services';
import { donutSegments, StatusDonut, type DonutSlice } from './status-donut';

const SLICES: DonutSlice[] = [
  { key: 'active', label: 'Active', value: 30, color: '#00ff00' },
  { key: 'disconnected', label: 'Disconnected', value: 10, color: '#ff0000' },
  { key: 'pending', label: 'Pending', value: 0, color: '#ffaa00' },
  { key: 'never_connected', label: 'Never connected', value: 20, color: '#999999' },
];

function renderDonut(slices: DonutSlice[]) {
  const { services } = createTestServices(createMockHttp({}));
  renderWithServices(
    <StatusDonut id="agentsByStatus" title="Agents by status" unit="agents" slices={slices} />,
    services,
  );
}

/** The ring's segments as drawn: dash length (share of 100) and where each starts, per key. */
function drawnSegments() {
  return Array.from(
    document.querySelectorAll<SVGCircleElement>('[data-test-subj^="agentsByStatusSegment-"]'),
  ).map((circle) => ({
    key: circle.getAttribute('data-test-subj')!.replace('agentsByStatusSegment-', ''),
    dash: Number(circle.getAttribute('stroke-dasharray')!.split(' ')[0]),
    offset: Number(circle.getAttribute('stroke-dashoffset')),
    color: circle.getAttribute('stroke'),
  }));
}

describe('StatusDonut', () => {
  it('draws each slice in proportion to its count, one after the other from twelve o’clock', () => {
    renderDonut(SLICES);
    const segments = drawnSegments();
    expect(segments.map(({ key }) => key)).toEqual(['active', 'disconnected', 'never_connected']);
    expect(segments.map(({ dash }) => dash)).toEqual([
      50,
      expect.closeTo(16.667, 2),
      expect.closeTo(33.333, 2),
    ]);
    // Each starts where the previous ended: offsets 25 (twelve o'clock), 25 - 50, 25 - 66.7.
    expect(segments.map(({ offset }) => offset)).toEqual([25, -25, expect.closeTo(-41.667, 2)]);
    expect(segments.map(({ color }) => color)).toEqual(['#00ff00', '#ff0000', '#999999']);
  });

  it('leaves zero counts out of the ring but keeps them in the legend at 0', () => {
    renderDonut(SLICES);
    expect(document.querySelector('[data-test-subj="agentsByStatusSegment-pending"]')).toBeNull();
    expect(screen.getByTestId('agentsByStatusLegend-pending')).toHaveTextContent('Pending00%');
  });

  it('draws an empty ring and a total of 0 when every count is zero', () => {
    renderDonut(SLICES.map((slice) => ({ ...slice, value: 0 })));
    expect(drawnSegments()).toEqual([]);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Agents by status: Active 0 (0%), Disconnected 0 (0%), Pending 0 (0%), Never connected 0 (0%); 0 in total.',
    );
  });

  it('labels the legend with each status, its count and share, and says it all as text', () => {
    renderDonut(SLICES);
    const legend = screen.getByRole('list', { name: 'Agents by status' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Active3050%', 'Disconnected1017%', 'Pending00%', 'Never connected2033%']);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Agents by status: Active 30 (50%), Disconnected 10 (17%), Pending 0 (0%), Never connected 20 (33%); 60 in total.',
    );
    expect(screen.getByRole('img')).toHaveTextContent('60agents');
  });

  it('shows a share under one percent as "<1%", not as 0%', () => {
    expect(
      donutSegments([
        { ...SLICES[0], value: 1 },
        { ...SLICES[1], value: 999 },
      ])[0].share,
    ).toBe(0.1);
    renderDonut([
      { ...SLICES[0], value: 1 },
      { ...SLICES[1], value: 999 },
    ]);
    expect(screen.getByTestId('agentsByStatusLegend-active')).toHaveTextContent('Active1<1%');
  });
});
