// Word lists behind the generated demo corpus. Fields are kept apart so that ranking by text
// similarity has something real to find: a manuscript about protein folding lands on structural
// biologists, not on astronomers.

export interface FieldVocab {
  name: string;
  /** Multi-word concepts: what relevant_concepts and extracted concepts are made of. */
  concepts: string[];
  /** Single domain words that colour titles and abstracts. */
  words: string[];
  /** Journal titles of the field. */
  journals: string[];
}

export const FIELDS: FieldVocab[] = [
  {
    name: 'Molecular biology',
    concepts: [
      'gene expression', 'protein folding', 'transcription factor', 'chromatin remodeling', 'RNA splicing',
      'DNA repair', 'cell cycle', 'signal transduction', 'mitochondrial dynamics', 'CRISPR screening',
      'single-cell sequencing', 'epigenetic regulation', 'protein degradation', 'membrane trafficking',
      'ribosome biogenesis', 'autophagy', 'stem cell differentiation', 'noncoding RNA', 'kinase inhibition',
      'cryo-electron microscopy', 'microbial metabolism', 'bacterial biofilm', 'host-pathogen interaction',
      'antibiotic resistance', 'plant immunity', 'developmental patterning', 'telomere maintenance',
      'ubiquitin ligase', 'histone modification', 'synthetic biology',
    ],
    words: [
      'gene', 'protein', 'enzyme', 'mutant', 'yeast', 'mouse', 'zebrafish', 'drosophila', 'arabidopsis',
      'promoter', 'domain', 'complex', 'pathway', 'receptor', 'ligand', 'nucleus', 'cytoplasm', 'organelle',
      'phosphorylation', 'knockdown', 'knockout', 'allele', 'genome', 'transcript', 'isoform', 'substrate',
      'binding', 'assembly', 'localization', 'regulator', 'tissue', 'embryo', 'lineage', 'vesicle', 'helicase',
      'polymerase', 'peptide', 'chaperone', 'operon', 'plasmid', 'microscopy', 'proteome', 'metabolite',
    ],
    journals: [
      'Journal of Molecular Cell Research', 'Genes and Regulation', 'Cell Signalling Letters',
      'Structural Biology Reports', 'Microbial Systems', 'Plant Molecular Science', 'RNA Biology Review',
      'Developmental Genetics Quarterly',
    ],
  },
  {
    name: 'Neuroscience',
    concepts: [
      'synaptic plasticity', 'working memory', 'neural circuit', 'dopamine signaling', 'motor cortex',
      'hippocampal place cells', 'sleep regulation', 'pain perception', 'visual cortex', 'auditory processing',
      'neurodegenerative disease', 'alzheimer disease', 'parkinson disease', 'functional connectivity',
      'optogenetic stimulation', 'calcium imaging', 'decision making', 'reward learning', 'spinal cord injury',
      'glial cells', 'axon regeneration', 'neural oscillations', 'language processing', 'attention networks',
      'brain development', 'neuroinflammation', 'fear conditioning', 'sensory integration', 'neuromodulation',
      'brain-computer interface',
    ],
    words: [
      'neuron', 'synapse', 'cortex', 'hippocampus', 'cerebellum', 'thalamus', 'amygdala', 'striatum', 'axon',
      'dendrite', 'spike', 'firing', 'rodent', 'primate', 'patient', 'cohort', 'imaging', 'fmri', 'eeg',
      'electrophysiology', 'behavior', 'stimulus', 'task', 'memory', 'learning', 'plasticity', 'network',
      'excitatory', 'inhibitory', 'interneuron', 'receptor', 'neurotransmitter', 'lesion', 'cognition',
      'perception', 'motor', 'sensory', 'recording', 'oscillation', 'connectivity', 'astrocyte', 'microglia',
    ],
    journals: [
      'Journal of Neural Systems', 'Cognitive Neuroscience Letters', 'Brain Circuits', 'Neurodegeneration Today',
      'Computational Brain Research', 'Clinical Neurophysiology Reports', 'Developmental Neurobiology Letters',
    ],
  },
  {
    name: 'Machine learning',
    concepts: [
      'deep learning', 'convolutional neural network', 'reinforcement learning', 'graph neural network',
      'natural language processing', 'language model', 'transfer learning', 'generative adversarial network',
      'variational inference', 'bayesian optimization', 'federated learning', 'adversarial robustness',
      'representation learning', 'self-supervised learning', 'attention mechanism', 'transformer architecture',
      'anomaly detection', 'recommender system', 'time series forecasting', 'causal inference',
      'active learning', 'meta-learning', 'model compression', 'explainable artificial intelligence',
      'differential privacy', 'kernel methods', 'stochastic gradient descent', 'few-shot learning',
      'knowledge graph', 'speech recognition',
    ],
    words: [
      'model', 'training', 'dataset', 'benchmark', 'accuracy', 'loss', 'gradient', 'optimizer', 'embedding',
      'encoder', 'decoder', 'classifier', 'regression', 'clustering', 'feature', 'layer', 'parameter',
      'inference', 'prediction', 'algorithm', 'convergence', 'generalization', 'overfitting', 'regularization',
      'architecture', 'token', 'sequence', 'image', 'label', 'supervision', 'policy', 'reward', 'agent',
      'sampling', 'posterior', 'kernel', 'hyperparameter', 'latent', 'scalability', 'robustness', 'fairness',
    ],
    journals: [
      'Journal of Learning Systems', 'Transactions on Neural Computation', 'Machine Intelligence Review',
      'Pattern Analysis Letters', 'Data Mining and Knowledge', 'Computational Linguistics Today',
      'Artificial Intelligence Research Letters',
    ],
  },
  {
    name: 'Ecology',
    concepts: [
      'climate change', 'species distribution', 'biodiversity loss', 'population dynamics', 'food web',
      'invasive species', 'habitat fragmentation', 'pollinator decline', 'coral reef', 'forest ecology',
      'soil microbiome', 'carbon sequestration', 'plant-herbivore interaction', 'predator-prey dynamics',
      'community assembly', 'ecosystem services', 'marine ecology', 'freshwater ecosystem', 'seed dispersal',
      'phenology shift', 'conservation planning', 'landscape ecology', 'evolutionary adaptation',
      'metapopulation', 'nutrient cycling', 'wildfire regime', 'urban ecology', 'animal migration',
      'plant defense', 'trophic cascade',
    ],
    words: [
      'species', 'population', 'habitat', 'ecosystem', 'forest', 'grassland', 'wetland', 'ocean', 'river',
      'lake', 'insect', 'bird', 'mammal', 'fish', 'plant', 'tree', 'herbivore', 'predator', 'prey', 'community',
      'abundance', 'richness', 'diversity', 'survey', 'field', 'transect', 'warming', 'drought', 'rainfall',
      'temperature', 'latitude', 'altitude', 'conservation', 'restoration', 'fragmentation', 'dispersal',
      'fitness', 'selection', 'trait', 'nutrient', 'nitrogen', 'carbon', 'soil', 'pollination', 'nicotiana',
    ],
    journals: [
      'Journal of Applied Ecology Research', 'Ecosystems and Environment', 'Conservation Science Letters',
      'Marine Ecology Review', 'Plant-Animal Interactions', 'Global Change Biology Reports',
      'Freshwater Biology Letters',
    ],
  },
  {
    name: 'Materials science',
    concepts: [
      'thin film', 'lithium-ion battery', 'solid electrolyte', 'perovskite solar cell', 'two-dimensional materials',
      'graphene oxide', 'metal-organic framework', 'catalytic activity', 'corrosion resistance', 'additive manufacturing',
      'polymer composite', 'high-entropy alloy', 'density functional theory', 'phase transition', 'crystal growth',
      'nanoparticle synthesis', 'hydrogen storage', 'thermoelectric material', 'superconductivity',
      'magnetic anisotropy', 'fracture toughness', 'surface coating', 'electrochemical impedance',
      'quantum dots', 'ceramic processing', 'shape memory alloy', 'photocatalysis', 'self-healing polymer',
      'topological insulator', 'molecular dynamics simulation',
    ],
    words: [
      'material', 'alloy', 'polymer', 'ceramic', 'crystal', 'lattice', 'film', 'substrate', 'electrode',
      'cathode', 'anode', 'electrolyte', 'battery', 'capacity', 'conductivity', 'temperature', 'pressure',
      'annealing', 'deposition', 'synthesis', 'microstructure', 'grain', 'defect', 'diffraction', 'spectroscopy',
      'strength', 'hardness', 'stiffness', 'fatigue', 'oxide', 'nanowire', 'nanosheet', 'doping', 'interface',
      'bandgap', 'efficiency', 'stability', 'catalyst', 'porosity', 'magnetic', 'ferroelectric', 'coating',
    ],
    journals: [
      'Advanced Materials Letters', 'Journal of Energy Materials', 'Surface and Coatings Research',
      'Computational Materials Science Reports', 'Nanostructures Today', 'Metallurgy and Alloys',
      'Polymer Science Review',
    ],
  },
  {
    name: 'Epidemiology',
    concepts: [
      'randomized controlled trial', 'cohort study', 'vaccine effectiveness', 'infectious disease transmission',
      'public health intervention', 'cardiovascular risk', 'type 2 diabetes', 'obesity prevalence',
      'antimicrobial stewardship', 'mental health', 'health disparities', 'maternal health', 'tuberculosis control',
      'malaria prevention', 'hiv treatment', 'air pollution exposure', 'dietary intake', 'physical activity',
      'cancer screening', 'mortality risk', 'meta-analysis', 'systematic review', 'health policy',
      'neglected tropical disease', 'outbreak investigation', 'contact tracing', 'genomic surveillance',
      'smoking cessation', 'childhood vaccination', 'primary care',
    ],
    words: [
      'patient', 'participant', 'cohort', 'trial', 'incidence', 'prevalence', 'risk', 'hazard', 'odds',
      'ratio', 'confidence', 'interval', 'mortality', 'morbidity', 'hospital', 'clinic', 'community', 'country',
      'survey', 'questionnaire', 'exposure', 'outcome', 'follow-up', 'baseline', 'adjusted', 'association',
      'infection', 'vaccine', 'dose', 'treatment', 'screening', 'diagnosis', 'surveillance', 'population',
      'region', 'household', 'children', 'adults', 'women', 'income', 'policy', 'intervention', 'burden',
    ],
    journals: [
      'Journal of Population Health', 'Epidemiology and Infection Letters', 'Clinical Trials Review',
      'Global Health Reports', 'Preventive Medicine Today', 'Tropical Medicine Letters',
      'Public Health Policy Review',
    ],
  },
];

/** Adjectives that colour the generated prose (low weight in BM25). */
export const FILLER = [
  'novel', 'robust', 'significant', 'substantial', 'systematic', 'comprehensive', 'large-scale', 'experimental',
  'computational', 'quantitative', 'integrative', 'longitudinal', 'comparative', 'detailed', 'unexpected',
];

export const TITLE_TEMPLATES = [
  '{C1} and {C2} in {W1}',
  '{C1} controls {W1} {W2}',
  'A {F} analysis of {C1}',
  '{C1}: {W1} {W2} and {C2}',
  'Role of {C1} in {C2}',
  '{W1} {W2} reveals {C1}',
  'Mapping {C1} across {W1} {W2}',
  '{C1} shapes {C2} during {W1}',
  'Towards {C1} with {W1} {W2}',
  'How {C1} drives {W1} {W2}',
];

export const SENTENCE_TEMPLATES = [
  'We {V} {C1} in {W1} {W2} using {W3} {W4}.',
  'Here we {V} how {C1} affects {W1} and {W2}.',
  'Our results {V} that {C2} depends on {W1} {W2} and {C1}.',
  'The {W1} {W2} was linked to {C1} across {W3} conditions.',
  'These findings {V} a {F} role of {C2} in {W1} {W3}.',
  'Using {F} {W1} data we {V} {C1} and {C2}.',
  'We further {V} {W1} {W2}, {W3} and {W4} in relation to {C1}.',
  'This {F} {W2} provides {F} evidence on {C2} and {W4}.',
];

export const VERBS = ['report', 'describe', 'demonstrate', 'investigate', 'characterize', 'reveal', 'quantify', 'evaluate', 'identify', 'measure'];

export const FIRST_NAMES = [
  'Aaron', 'Abena', 'Adriana', 'Ahmed', 'Aiko', 'Alejandro', 'Alice', 'Amara', 'Amir', 'Ana', 'Andrea', 'Anil',
  'Anna', 'Antoine', 'Aroha', 'Astrid', 'Beatriz', 'Benjamin', 'Bich', 'Bogdan', 'Camila', 'Carlos', 'Chen',
  'Chiara', 'Chidi', 'Clara', 'Daniel', 'Daria', 'David', 'Deepa', 'Diego', 'Dmitri', 'Elena', 'Elif', 'Emeka',
  'Emily', 'Emma', 'Eun-ji', 'Fatima', 'Felix', 'Fernanda', 'Freya', 'Gabriel', 'Grace', 'Hana', 'Hannah',
  'Hao', 'Hassan', 'Helena', 'Hiroshi', 'Ibrahim', 'Ines', 'Ingrid', 'Isaac', 'Ivan', 'Jakob', 'James', 'Jana',
  'Javier', 'Jia', 'Jonas', 'Jorge', 'Julia', 'Kai', 'Kamal', 'Karin', 'Kenji', 'Kofi', 'Lars', 'Laura', 'Lea',
  'Leila', 'Li', 'Lina', 'Lucas', 'Lucia', 'Magnus', 'Maria', 'Marta', 'Mateo', 'Mei', 'Miguel', 'Min-jun',
  'Mohammed', 'Nadia', 'Naomi', 'Nikhil', 'Nina', 'Noah', 'Olga', 'Omar', 'Oscar', 'Pablo', 'Paula', 'Pedro',
  'Priya', 'Rafael', 'Rahul', 'Ravi', 'Rosa', 'Ruth', 'Sakura', 'Samuel', 'Sara', 'Sebastian', 'Sergei',
  'Shira', 'Sofia', 'Sophie', 'Sven', 'Tariq', 'Tomas', 'Uma', 'Valentina', 'Victor', 'Wei', 'Xin', 'Yara',
  'Yusuf', 'Zainab', 'Zhang', 'Zoe',
];

export const LAST_NAMES = [
  'Abe', 'Adeyemi', 'Alvarez', 'Andersen', 'Bakker', 'Banerjee', 'Becker', 'Bianchi', 'Brown', 'Carvalho',
  'Castro', 'Chen', 'Cohen', 'Costa', 'Dai', 'Das', 'Dubois', 'Eriksson', 'Fernandez', 'Fischer', 'Fujita',
  'Garcia', 'Ghosh', 'Gonzalez', 'Gruber', 'Gupta', 'Haddad', 'Hansen', 'Hashimoto', 'Hoffmann', 'Huang',
  'Ivanova', 'Jansen', 'Jensen', 'Kapoor', 'Kato', 'Khan', 'Kim', 'Kowalski', 'Kumar', 'Larsen', 'Laurent',
  'Lee', 'Lehmann', 'Li', 'Lindqvist', 'Liu', 'Lopez', 'Martin', 'Meyer', 'Moreau', 'Morales', 'Mueller',
  'Murphy', 'Nakamura', 'Nguyen', 'Nielsen', 'Novak', 'Nowak', 'Okafor', 'Olsen', 'Ortiz', 'Park', 'Patel',
  'Pereira', 'Petrov', 'Popescu', 'Rahman', 'Ramos', 'Reddy', 'Ricci', 'Rossi', 'Russo', 'Sato', 'Schmidt',
  'Schneider', 'Silva', 'Singh', 'Smith', 'Sokolov', 'Suzuki', 'Tanaka', 'Taylor', 'Thompson', 'Tran',
  'Van Dijk', 'Vasquez', 'Wagner', 'Walker', 'Wang', 'Weber', 'Williams', 'Wilson', 'Wong', 'Wu', 'Xu',
  'Yamamoto', 'Yang', 'Yilmaz', 'Zhang', 'Zhao', 'Zhou', 'Zielinski',
];

export const INSTITUTIONS: Array<[name: string, city: string, country: string, domain: string]> = [
  ['University of Oslo', 'Oslo', 'Norway', 'uio.no'],
  ['Uppsala University', 'Uppsala', 'Sweden', 'uu.se'],
  ['University of Copenhagen', 'Copenhagen', 'Denmark', 'ku.dk'],
  ['University of Helsinki', 'Helsinki', 'Finland', 'helsinki.fi'],
  ['ETH Zurich', 'Zurich', 'Switzerland', 'ethz.ch'],
  ['Max Planck Institute for Chemical Ecology', 'Jena', 'Germany', 'ice.mpg.de'],
  ['Heidelberg University', 'Heidelberg', 'Germany', 'uni-heidelberg.de'],
  ['Technical University of Munich', 'Munich', 'Germany', 'tum.de'],
  ['Sorbonne University', 'Paris', 'France', 'sorbonne-universite.fr'],
  ['University of Lyon', 'Lyon', 'France', 'univ-lyon.fr'],
  ['KU Leuven', 'Leuven', 'Belgium', 'kuleuven.be'],
  ['Utrecht University', 'Utrecht', 'Netherlands', 'uu.nl'],
  ['University of Amsterdam', 'Amsterdam', 'Netherlands', 'uva.nl'],
  ['University of Cambridge', 'Cambridge', 'United Kingdom', 'cam.ac.uk'],
  ['University of Edinburgh', 'Edinburgh', 'United Kingdom', 'ed.ac.uk'],
  ['University of Liverpool', 'Liverpool', 'United Kingdom', 'liv.ac.uk'],
  ['Trinity College Dublin', 'Dublin', 'Ireland', 'tcd.ie'],
  ['University of Barcelona', 'Barcelona', 'Spain', 'ub.edu'],
  ['University of Bologna', 'Bologna', 'Italy', 'unibo.it'],
  ['University of Lisbon', 'Lisbon', 'Portugal', 'ulisboa.pt'],
  ['Charles University', 'Prague', 'Czech Republic', 'cuni.cz'],
  ['University of Warsaw', 'Warsaw', 'Poland', 'uw.edu.pl'],
  ['University of Vienna', 'Vienna', 'Austria', 'univie.ac.at'],
  ['Weizmann Institute of Science', 'Rehovot', 'Israel', 'weizmann.ac.il'],
  ['University of Cape Town', 'Cape Town', 'South Africa', 'uct.ac.za'],
  ['University of Nairobi', 'Nairobi', 'Kenya', 'uonbi.ac.ke'],
  ['University of Ibadan', 'Ibadan', 'Nigeria', 'ui.edu.ng'],
  ['Cairo University', 'Cairo', 'Egypt', 'cu.edu.eg'],
  ['University of Tokyo', 'Tokyo', 'Japan', 'u-tokyo.ac.jp'],
  ['Kyoto University', 'Kyoto', 'Japan', 'kyoto-u.ac.jp'],
  ['Seoul National University', 'Seoul', 'South Korea', 'snu.ac.kr'],
  ['Tsinghua University', 'Beijing', 'China', 'tsinghua.edu.cn'],
  ['Fudan University', 'Shanghai', 'China', 'fudan.edu.cn'],
  ['National University of Singapore', 'Singapore', 'Singapore', 'nus.edu.sg'],
  ['Indian Institute of Science', 'Bangalore', 'India', 'iisc.ac.in'],
  ['University of Melbourne', 'Melbourne', 'Australia', 'unimelb.edu.au'],
  ['University of Auckland', 'Auckland', 'New Zealand', 'auckland.ac.nz'],
  ['University of Toronto', 'Toronto', 'Canada', 'utoronto.ca'],
  ['McGill University', 'Montreal', 'Canada', 'mcgill.ca'],
  ['University of British Columbia', 'Vancouver', 'Canada', 'ubc.ca'],
  ['Harvard University', 'Cambridge', 'United States', 'harvard.edu'],
  ['Stanford University', 'Stanford', 'United States', 'stanford.edu'],
  ['University of California, Berkeley', 'Berkeley', 'United States', 'berkeley.edu'],
  ['University of Michigan', 'Ann Arbor', 'United States', 'umich.edu'],
  ['University of Texas at Austin', 'Austin', 'United States', 'utexas.edu'],
  ['University of Washington', 'Seattle', 'United States', 'uw.edu'],
  ['University of Sao Paulo', 'Sao Paulo', 'Brazil', 'usp.br'],
  ['University of Buenos Aires', 'Buenos Aires', 'Argentina', 'uba.ar'],
  ['National Autonomous University of Mexico', 'Mexico City', 'Mexico', 'unam.mx'],
  ['University of Chile', 'Santiago', 'Chile', 'uchile.cl'],
];

export const PUBLISHERS = [
  'Meridian Academic Press', 'Northbridge Scientific', 'Open Science Collective', 'Helix Publishing Group',
  'Lattice & Sons', 'Society for Integrative Research', 'Aurora University Press', 'Quantum Leaf Publishers',
  'Evergreen Journals', 'Polaris Science',
];
