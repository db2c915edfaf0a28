// What Custom fields, Activity and a candidate's details show an editor (markup, without the browser): an empty list says
// what to do next; a refused write is in plain words, counted, with a way to correct it where it was made.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorHistory } from '../../../electron/common/shapes';
import type { OutboxItemView } from '../../../electron/common/shapes';
import { ActivityView } from '../../../renderer/src/features/activity/ActivityView';
import { CustomFieldsView } from '../../../renderer/src/features/customfields/CustomFieldsView';
import { resetQueries, setQueryData } from '../../../renderer/src/data/queries';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

// Rendered on the "server" (no DOM here), a query shows the answer put in the cache; each test starts from none.
afterEach(() => resetQueries());

describe('Custom fields', () => {
  it('with none defined, says so and what to do next; Refresh is the one primary action', () => {
    setQueryData('customFields.list', {}, []);
    const html = renderToStaticMarkup(<CustomFieldsView />);
    expect(text(html)).toMatch(/No custom fields .*Once an administrator defines some, choose Refresh from the service/);
    expect(html.match(/class="primary"/g)).toHaveLength(1);
    expect(html).not.toContain('<table');
  });

  it('with fields, shows their table and no empty state', () => {
    setQueryData('customFields.list', {}, [
      {
        scope: 'author_from_group',
        apiId: 'f-1',
        position: 0,
        dataKind: 'number',
        name: 'Reviews completed',
        description: null,
        options: null,
        fetchedAt: Date.now(),
      },
    ]);
    const html = renderToStaticMarkup(<CustomFieldsView />);
    expect(html).toContain('aria-label="Custom fields: Authors from groups"');
    expect(text(html)).toMatch(/Reviews completed f-1 Number/);
    expect(text(html)).not.toMatch(/No custom fields The service lists none/);
  });
});

describe('Activity', () => {
  const refused: OutboxItemView = {
    id: 7,
    kind: 'group_create',
    label: 'Create authors group “Ghost panel”',
    state: 'failed',
    attempts: 1,
    createdAt: 0,
    nextAttemptAt: null,
    error: { code: 'invalid_input', message: 'The service rejected creating the group: team "Ghost" does not exist (field owner_team)' },
    target: { groupId: 3 },
    editable: { kind: 'group_create', input: { group_name: 'Ghost panel', owner_team: 'Ghost', editor_teams: [], viewer_teams: [] } },
  };

  it('with nothing waiting, says every change was sent and what will show there', () => {
    setQueryData('outbox.list', {}, []);
    const t = text(renderToStaticMarkup(<ActivityView />));
    expect(t).toMatch(/Changes to send none .*Sync now/);
    expect(t).toMatch(/Nothing waiting: every change has been sent\. New uploads and group changes show here/);
  });

  it('a refused write: counted, its reason in plain words (no preamble, the field as the form labels it), Correct in Groups', () => {
    setQueryData('outbox.list', {}, [refused, { ...refused, id: 8, state: 'pending', error: null, editable: null }]);
    const html = renderToStaticMarkup(<ActivityView />);
    const t = text(html);
    expect(t).toMatch(/2 waiting · 1 needs attention/);
    expect(t).toContain('Team "Ghost" does not exist (Owner team)');
    expect(t).not.toMatch(/The service rejected|owner_team/);
    expect(t.match(/Correct in Groups/g)).toHaveLength(1);
    expect(html.match(/class="primary"/g)).toHaveLength(1);
  });
});

describe('Candidate details, with your manuscripts', () => {
  it('names each manuscript by its id too, so two with one title can be told apart', async () => {
    const { CandidateCard } = await import('../../../renderer/src/features/candidates/CandidateCard');
    const history = {
      suggestionsCount: 2,
      marksCount: 1,
      manuscripts: [
        { manuscriptId: 1, originId: 'lichens', title: 'Tidal Rhythms', marked: false, firstRunId: 1 },
        { manuscriptId: 2, originId: 'second', title: 'Tidal Rhythms', marked: true, firstRunId: 2 },
      ],
    } as unknown as AuthorHistory;
    const html = renderToStaticMarkup(<CandidateCard row={null} history={history} manuscript={null} topScore={0} total={0} />);
    const items = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => text(m[1]!).trim());
    expect(items).toEqual(['Tidal Rhythms · id lichens', 'Tidal Rhythms · id second Marked']);
  });
});
