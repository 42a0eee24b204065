import { EuiButtonEmpty, EuiSpacer, EuiTab, EuiTabs, type EuiBasicTableColumn } from '@elastic/eui';
import { useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ItemFlyout } from '../../components/item-flyout';
import { ManagedApiTable } from '../../components/managed-api-table';
import { RulesetFilesPanel } from '../../components/ruleset/ruleset-files-panel';
import { wqlValueText } from '../../query-languages/wql/suggest';
import type { Decoder, DecoderFile } from '../../services/managed-api-types';
import type { SearchField } from '../../query-languages/types';

const DECODER_FIELDS: SearchField[] = [
  { name: 'name', description: 'decoder name' },
  { name: 'position', description: 'order inside its file' },
  { name: 'filename', description: 'decoder file' },
  { name: 'relative_dirname', description: 'folder of the file' },
  { name: 'status', values: ['enabled', 'disabled'] },
  { name: 'details.parent', description: 'parent decoder' },
  { name: 'details.program_name', description: 'program the decoder matches' },
];

const FILES_PREFIX = 'files';

function DecodersTable({ host }: { host: ApiHost }) {
  const [selected, setSelected] = useState<Decoder>();
  const columns: Array<EuiBasicTableColumn<Decoder>> = [
    { field: 'name', name: 'Name', sortable: true },
    { field: 'position', name: 'Position', sortable: true, width: '90px' },
    { field: 'filename', name: 'File', sortable: true },
    { field: 'relative_dirname', name: 'Path', sortable: true },
    { field: 'status', name: 'Status', sortable: true, width: '100px' },
  ];
  return (
    <>
      <ManagedApiTable<Decoder>
        host={host}
        path="/decoders"
        columns={columns}
        searchFields={DECODER_FIELDS}
        defaultSort="+filename,position"
        action="decoders:read"
        what="decoders"
        itemId="name"
        onItemClick={setSelected}
        data-test-subj="decodersTable"
      />
      {selected && (
        <ItemFlyout
          title={`Decoder ${selected.name}`}
          data-test-subj="decoderDetail"
          raw={selected}
          onClose={() => setSelected(undefined)}
          fields={[
            { title: 'File', description: `${selected.relative_dirname}/${selected.filename}` },
            { title: 'Position', description: String(selected.position) },
            { title: 'Status', description: selected.status },
            {
              title: 'Parent',
              description:
                typeof selected.details?.parent === 'string' ? selected.details.parent : undefined,
            },
          ]}
        />
      )}
    </>
  );
}

export function DecodersTabs({ host }: { host: ApiHost }) {
  const { params, setParams } = useAppUrlState();
  const tab = params.get('tab') === FILES_PREFIX ? FILES_PREFIX : 'decoders';
  return (
    <>
      <EuiTabs>
        <EuiTab
          isSelected={tab === 'decoders'}
          onClick={() => setParams({ tab: undefined }, { push: true })}
          data-test-subj="decodersTab"
        >
          Decoders
        </EuiTab>
        <EuiTab
          isSelected={tab === FILES_PREFIX}
          onClick={() => setParams({ tab: FILES_PREFIX }, { push: true })}
          data-test-subj="decoderFilesTab"
        >
          Decoder files
        </EuiTab>
      </EuiTabs>
      <EuiSpacer />
      {tab === 'decoders' ? (
        <DecodersTable host={host} />
      ) : (
        <RulesetFilesPanel
          host={host}
          kind="decoders"
          extraColumns={[
            {
              name: 'Decoders',
              width: '140px',
              render: (file: DecoderFile) => (
                <EuiButtonEmpty
                  size="xs"
                  iconType="list"
                  onClick={() =>
                    setParams(
                      {
                        tab: undefined,
                        query: `filename=${wqlValueText(file.filename)}`,
                        syntax: undefined,
                        page: undefined,
                      },
                      { push: true },
                    )
                  }
                  data-test-subj="showFileDecoders"
                >
                  Show decoders
                </EuiButtonEmpty>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
