#!/usr/bin/env python3
"""Generates manuscripts with ground truth known by construction, for measuring intake on layouts it was
not tuned on (issue 16).

Every document is a random front matter (title, 1-40 authors with names from many cultures, affiliations,
e-mails, printed ORCID iDs, abstract, keywords) set by one *layout family*: a real LaTeX journal class
(article in one and two columns, revtex4-2, elsarticle, IEEEtran, acmart, aastex631, mnras, llncs) or a
Word-like document written by LibreOffice (exported as DOCX and as PDF). The output folder is laid out like
the material folder (MANIFEST.json with a "family" per entry, pdf/, docx/, groundtruth/ID.json) so the
intake evaluation reads both the same way.

Needs: pdflatex with texlive-latex-extra, texlive-publishers, texlive-fonts-recommended, lmodern;
soffice (libreoffice-writer-nogui) for the Word-like family. Standard library only.

  python3 scripts/intake-corpus/generate.py OUT [--per-family N] [--seed S] [--families a,b] [--jobs J]
  python3 scripts/intake-corpus/generate.py OUT --sample DEST --sample-per-family K   # copy a fixed sample
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from xml.sax.saxutils import escape as xml_escape

SEED = 16

# ---------------------------------------------------------------- names, places, words

# (given names, family names, how names of this culture are written)
CULTURES = {
    'english': (['James', 'Mary', 'Robert', 'Linda', 'Michael', 'Sarah', 'David', 'Emily', 'Thomas', 'Grace'],
                ['Smith', "O'Neil", 'Johnson', 'Whitfield', 'Brown', 'McAllister', 'Taylor', 'Fairweather', 'Hughes', 'Clarke']),
    'dutch-german': (['Jan', 'Pieter', 'Anke', 'Ludwig', 'Sanne', 'Matthias', 'Jörg', 'Katrin'],
                     ['van der Berg', 'de Vries', 'van Dijk', 'von Stein', 'Müller', 'Schröder', 'ter Horst', 'Weiß']),
    'spanish-portuguese': (['José María', 'Ana', 'Luis', 'Lucía', 'João', 'Inês', 'Carlos', 'Marta'],
                           ['García-López', 'de la Cruz', 'Fernández', 'dos Santos', 'Martínez Ruiz', 'Gonçalves', 'Pérez', 'da Silva']),
    'french': (['Jean-Luc', 'Hélène', 'François', 'Amélie', 'Benoît', 'Céline'],
               ['Lefèvre', 'Picard-Dubois', 'Moreau', 'Girard', 'Le Roux', 'Dupont']),
    'chinese': (['Wei', 'Xiao-Ming', 'Jing', 'Hao', 'Yu', 'Li-Na', 'Zhiwei', 'Qian'],
                ['Zhang', 'Li', 'Wang', 'Chen', 'Liu', 'Huang', 'Zhou', 'Xu']),
    'japanese-korean': (['Haruki', 'Yuki', 'Kenji', 'Min-jun', 'Seo-yeon', 'Ji-ho'],
                        ['Sato', 'Takahashi', 'Yamamoto', 'Kim', 'Park', 'Choi']),
    'indian': (['Priya', 'Arun K.', 'Lakshmi', 'Rahul', 'Sunita', 'Venkat R.'],
               ['Ramaswamy', 'Gupta', 'Iyer', 'Chatterjee', 'Reddy', 'Banerjee']),
    'arabic-turkish': (['Ahmed', 'Fatima', 'Omar', 'Leila', 'Mehmet', 'Ayşe'],
                       ['Al-Farsi', 'El Amrani', 'Haddad', 'Nasser', 'Yılmaz', 'Öztürk']),
    'slavic-nordic': (['Łukasz', 'Jiří', 'Agnieszka', 'Søren', 'Ingrid', 'Mikko'],
                      ['Wiśniewski', 'Dvořák', 'Kowalczyk', 'Kierkegaard', 'Ødegaard', 'Virtanen']),
}
# written in their own script: only in the LibreOffice family (pdflatex without CJK/Cyrillic set-up)
NON_LATIN = [
    ('Дмитрий', 'Иванов'), ('Ольга', 'Смирнова'), ('Νίκος', 'Παπαδόπουλος'), ('Ελένη', 'Γεωργίου'),
    ('Андрій', 'Шевченко'), ('Nguyễn Văn', 'An'),
]

DEPARTMENTS = ['Department of Physics', 'Department of Computer Science', 'School of Medicine', 'Institute of Chemistry',
               'Department of Ecology and Evolution', 'Faculty of Engineering', 'Laboratory of Neurobiology',
               'Department of Statistics', 'Centre for Climate Research', 'Department of Economics']
UNIVERSITIES = [('University of Eastbrook', 'Eastbrook', 'United Kingdom'), ('Universidad de Valmar', 'Valmar', 'Spain'),
                ('Technische Universität Nordheim', 'Nordheim', 'Germany'), ('Université de Lormont', 'Lormont', 'France'),
                ('National University of Kessan', 'Kessan', 'Singapore'), ('Riverside Institute of Technology', 'Riverside', 'USA'),
                ('University of Tarrow', 'Tarrow', 'Australia'), ('Kanto University', 'Tokyo', 'Japan'),
                ('Institute for Advanced Study of Halden', 'Halden', 'Norway'), ('Università di Severo', 'Severo', 'Italy')]
DOMAINS = ['eastbrook.ac.uk', 'valmar.es', 'tu-nordheim.de', 'univ-lormont.fr', 'nuk.edu.sg', 'rit-riverside.edu',
           'tarrow.edu.au', 'kanto-u.ac.jp', 'ias-halden.no', 'unisevero.it']

TOPIC = ['protein folding', 'graph neural networks', 'coastal erosion', 'dark matter halos', 'antibiotic resistance',
         'urban heat islands', 'quantum error correction', 'language acquisition', 'soil microbiomes', 'supply chains',
         'glacier dynamics', 'sparse regression', 'cardiac imaging', 'rainfall prediction', 'peer review']
TITLE_PATTERNS = ['{A} of {t} in {c}', 'On the {a} of {t}', '{A} {t}: evidence from {c}', 'A {a} approach to {t}',
                  'Towards {a} {t} with {m}', '{m} for {t} under {c}', 'Measuring {t} across {c}',
                  'The role of {t} in {t2}', '{A} and {a} models of {t} and {t2}']
ADJ = ['robust', 'scalable', 'probabilistic', 'longitudinal', 'comparative', 'unified', 'efficient', 'causal', 'spatial', 'adaptive']
METHOD = ['Bayesian inference', 'deep ensembles', 'mixed models', 'optimal transport', 'random forests', 'kernel methods']
CONTEXT = ['low-resource settings', 'noisy observations', 'changing climates', 'large cohorts', 'limited data', 'distribution shift']
VOCAB = ('we study the problem of estimating how these effects vary across settings and show that a simple model '
         'captures most of the variation observed in practice our analysis combines data from several sources with '
         'a careful treatment of uncertainty and the results suggest that earlier estimates were biased in '
         'predictable ways we further demonstrate that the proposed method improves accuracy while remaining '
         'interpretable and cheap to compute finally we discuss limitations and directions for future work including '
         'extensions to related problems and open questions about identifiability').split()


def sentence(r, lo=12, hi=26):
    n = r.randint(lo, hi)
    ws = [r.choice(VOCAB) for _ in range(n)]
    if r.random() < 0.4:
        ws.insert(r.randint(1, n - 1), r.choice(TOPIC))
    s = ' '.join(ws)
    return s[0].upper() + s[1:] + '.'


def paragraph(r, words_lo, words_hi):
    out = []
    target = r.randint(words_lo, words_hi)
    while sum(len(s.split()) for s in out) < target:
        out.append(sentence(r))
    return ' '.join(out)


def make_title(r):
    p = r.choice(TITLE_PATTERNS)
    t, t2 = r.sample(TOPIC, 2)
    a = r.choice(ADJ)
    s = p.format(A=a.capitalize(), a=a, t=t, t2=t2, c=r.choice(CONTEXT), m=r.choice(METHOD))
    s = s[0].upper() + s[1:]
    if r.random() < 0.35:  # title case
        s = ' '.join(w if w in ('of', 'in', 'and', 'for', 'on', 'the', 'a', 'to', 'with', 'under', 'from', 'across') else w[0].upper() + w[1:] for w in s.split(' '))
        s = s[0].upper() + s[1:]
    return s


def fold(s):
    return ''.join(c for c in unicodedata.normalize('NFKD', s) if c.isascii() and c.isalpha()).lower()


def orcid(r):
    digits = [r.randint(0, 9) for _ in range(15)]
    digits[0:4] = [0, 0, 0, 0]
    digits[4] = r.choice([0, 0, 0, 1])  # 0000-000x-
    total = 0
    for d in digits:
        total = (total + d) * 2
    check = (12 - total % 11) % 11
    s = ''.join(map(str, digits)) + ('X' if check == 10 else str(check))
    return f'{s[0:4]}-{s[4:8]}-{s[8:12]}-{s[12:16]}'


def n_authors(r):
    x = r.random()
    if x < 0.12:
        return 1
    if x < 0.75:
        return r.randint(2, 6)
    if x < 0.93:
        return r.randint(7, 14)
    return r.randint(15, 40)


def make_doc(r, family, latin_only):
    n = n_authors(r)
    if family in ('ieee-conference',):
        n = min(n, 6)
    n_aff = max(1, min(len(UNIVERSITIES), r.randint(1, max(1, (n + 1) // 2))))
    affs = []
    for k in range(n_aff):
        u, city, country = UNIVERSITIES[(k * 3 + r.randint(0, 9)) % len(UNIVERSITIES)]
        dept = r.choice(DEPARTMENTS)
        affs.append({'text': f'{dept}, {u}, {city}, {country}', 'domain': DOMAINS[UNIVERSITIES.index((u, city, country))]})
    authors = []
    used = set()
    p_email = r.choice([0.15, 0.5, 1.0])
    p_orcid = r.choice([0.0, 0.0, 0.3, 0.8])
    for i in range(n):
        while True:
            if not latin_only and r.random() < 0.15:
                given, family_name = r.choice(NON_LATIN)
            else:
                culture = r.choice(list(CULTURES))
                given, family_name = r.choice(CULTURES[culture][0]), r.choice(CULTURES[culture][1])
                if r.random() < 0.15:
                    given = given + ' ' + r.choice('ABCDEHJKLMNPRST') + '.'
                if r.random() < 0.12:
                    given = '. '.join(p[0] for p in given.replace('-', ' ').split(' ')) + '.'
            name = f'{given} {family_name}'
            if name not in used:
                used.add(name)
                break
        aff_ids = sorted(set([r.randrange(n_aff)] + ([r.randrange(n_aff)] if r.random() < 0.2 else [])))
        email = None
        if i == 0 and p_email < 1 and r.random() < 0.7 or r.random() < p_email:
            f, l = fold(given.split(' ')[0]), fold(family_name)
            local = r.choice([f'{f}.{l}', f'{f[:1]}{l}', l, f'{l}.{f[:1]}'])
            if not f or not l:  # a name in its own script: no ASCII letters to build the address from
                local = f'author{i + 1}'
            domain = affs[aff_ids[0]]['domain'] if r.random() < 0.85 else r.choice(['gmail.com', 'outlook.com', 'proton.me'])
            email = f'{local}@{domain}'
        authors.append({'name': name, 'affiliations': aff_ids, 'email': email, 'orcid': orcid(r) if r.random() < p_orcid else None})
    title = make_title(r)
    abstract = paragraph(r, 70, 200)
    keywords = r.sample(TOPIC, 4)
    body = [paragraph(r, 120, 220) for _ in range(4)]
    return {'title': title, 'authors': authors, 'affiliations': [a['text'] for a in affs], 'abstract': abstract,
            'keywords': keywords, 'body': body}


# ---------------------------------------------------------------- LaTeX families

def tex(s):
    return (s.replace('\\', r'\textbackslash{}').replace('&', r'\&').replace('%', r'\%').replace('$', r'\$')
            .replace('#', r'\#').replace('_', r'\_').replace('{', r'\{').replace('}', r'\}').replace('~', r'\~{}'))


def mail(s):
    return r'\texttt{' + tex(s) + '}'


PREAMBLE = '\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n'


def body_tex(d, natbib=False):
    a, b = ('[Author(2001)]', '[Author(2002)]') if natbib else ('', '')
    out = ['\\section{Introduction}', tex(d['body'][0]), tex(d['body'][1]), '\\section{Methods}', tex(d['body'][2]),
           tex(d['body'][3]), '\\begin{thebibliography}{9}', f'\\bibitem{a}{{a}} A. Author, Some journal 1 (2001) 1--10.',
           f'\\bibitem{b}{{b}} B. Author, Another journal 2 (2002) 11--20.', '\\end{thebibliography}']
    return '\n\n'.join(out)


def idline(a):
    return f' ORCID: {a["orcid"]}' if a['orcid'] else ''


def fam_article(d, r, twocol):
    opts = '[twocolumn,10pt]' if twocol else r.choice(['[11pt]', '[12pt]', ''])
    style = r.choice(['thanks', 'superscript', 'authblk'])
    if style == 'thanks' and len(d['authors']) > 8:  # \thanks marks are symbols: nine at most
        style = 'superscript'
    head = [f'\\documentclass{opts}{{article}}', PREAMBLE, '\\usepackage[margin=2.2cm]{geometry}']
    A = d['authors']
    if style == 'authblk':
        head.append('\\usepackage{authblk}')
        au = []
        for a in A:
            au.append(f'\\author[{",".join(str(k + 1) for k in a["affiliations"])}]{{{tex(a["name"])}}}')
        for k, t in enumerate(d['affiliations']):
            au.append(f'\\affil[{k + 1}]{{{tex(t)}}}')
        notes = [f'{mail(a["email"])}' for a in A if a['email']] + [f'{tex(a["name"])}{idline(a)}' for a in A if a['orcid']]
        if notes:
            au.append('\\affil[ ]{' + ', '.join(mail(a['email']) for a in A if a['email']) + '}')
            for a in A:
                if a['orcid']:
                    au.append(f'\\affil[ ]{{{tex(a["name"])}, ORCID: {a["orcid"]}}}')
        head += au
        head.append(f'\\title{{{tex(d["title"])}}}\n\\date{{}}')
    elif style == 'thanks':
        parts = []
        for a in A:
            th = '; '.join([d['affiliations'][k] for k in a['affiliations']] + ([f'e-mail: {a["email"]}'] if a['email'] else []) + ([f'ORCID: {a["orcid"]}'] if a['orcid'] else []))
            parts.append(f'{tex(a["name"])}\\thanks{{{tex(th)}}}')
        head.append(f'\\title{{{tex(d["title"])}}}\n\\date{{}}\n\\author{{' + ' \\and '.join(parts) + '}')
    else:
        names = ', '.join(f'{tex(a["name"])}$^{{{",".join(str(k + 1) for k in a["affiliations"])}}}$' for a in A)
        lines = [names] + [f'$^{{{k + 1}}}${tex(t)}' for k, t in enumerate(d['affiliations'])]
        em = [mail(a['email']) for a in A if a['email']]
        if em:
            lines.append('{\\small ' + ', '.join(em) + '}')
        for a in A:
            if a['orcid']:
                lines.append(f'{{\\small {tex(a["name"])}: ORCID {a["orcid"]}}}')
        # a paragraph box, so a long author list wraps the way authors' own title pages do
        head.append(f'\\title{{{tex(d["title"])}}}\n\\date{{}}\n\\author{{\\parbox{{\\textwidth}}{{\\centering ' + ' \\\\ '.join(lines) + '}}')
    doc = ['\\begin{document}', '\\maketitle', '\\begin{abstract}', tex(d['abstract']), '\\end{abstract}',
           '\\noindent\\textbf{Keywords:} ' + tex(', '.join(d['keywords'])), body_tex(d), '\\end{document}']
    return '\n'.join(head + doc)


def fam_revtex(d, r):
    opts = r.choice(['aps,prl,reprint', 'aps,pra,preprint', 'aps,prb,twocolumn', 'aip,reprint'])
    out = [f'\\documentclass[{opts},superscriptaddress]{{revtex4-2}}' if r.random() < 0.5 else f'\\documentclass[{opts}]{{revtex4-2}}',
           PREAMBLE, '\\begin{document}', f'\\title{{{tex(d["title"])}}}']
    for a in d['authors']:
        th = f'\\thanks{{ORCID: {a["orcid"]}}}' if a['orcid'] else ''
        out.append(f'\\author{{{tex(a["name"])}}}{th}')
        if a['email']:
            out.append(f'\\email{{{tex(a["email"])}}}')
        for k in a['affiliations']:
            out.append(f'\\affiliation{{{tex(d["affiliations"][k])}}}')
    out += ['\\date{\\today}', '\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', '\\maketitle', body_tex(d), '\\end{document}']
    return '\n'.join(out)


def fam_elsarticle(d, r):
    opts = r.choice(['preprint,12pt', 'review', '3p', '5p,twocolumn', '3p,twocolumn'])
    out = [f'\\documentclass[{opts}]{{elsarticle}}', PREAMBLE, '\\begin{document}', '\\begin{frontmatter}',
           f'\\title{{{tex(d["title"])}}}']
    for a in d['authors']:
        labels = ','.join(f'a{k + 1}' for k in a['affiliations'])
        out.append(f'\\author[{labels}]{{{tex(a["name"])}}}')
        if a['email']:
            out.append(f'\\ead{{{tex(a["email"])}}}')
        if a['orcid']:
            out.append(f'\\fntext[o{len(out)}]{{ORCID: {a["orcid"]}}}')
    for k, t in enumerate(d['affiliations']):
        out.append(f'\\affiliation[a{k + 1}]{{organization={{{tex(t)}}}}}')
    out += ['\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', '\\begin{keyword}', ' \\sep '.join(tex(k) for k in d['keywords']),
            '\\end{keyword}', '\\end{frontmatter}', body_tex(d), '\\end{document}']
    return '\n'.join(out)


def fam_ieee(d, r):
    conference = r.random() < 0.6 and len(d['authors']) <= 6
    if conference:
        blocks = []
        for a in d['authors']:
            lines = [tex(d['affiliations'][a['affiliations'][0]])]
            if a['email']:
                lines.append(tex(a['email']))
            if a['orcid']:
                lines.append(f'ORCID: {a["orcid"]}')
            blocks.append(f'\\IEEEauthorblockN{{{tex(a["name"])}}}\n\\IEEEauthorblockA{{' + ' \\\\ '.join(lines) + '}')
        author = '\\author{' + '\n\\and\n'.join(blocks) + '}'
        cls = '\\documentclass[conference]{IEEEtran}'
    else:
        names = [tex(a['name']) for a in d['authors']]
        joined = ', '.join(names[:-1]) + (', and ' if len(names) > 2 else ' and ') + names[-1] if len(names) > 1 else names[0]
        notes = []
        for a in d['authors']:
            bits = [f'{tex(a["name"])} is with {tex(d["affiliations"][a["affiliations"][0]])}']
            if a['email']:
                bits.append(f'e-mail: {tex(a["email"])}')
            if a['orcid']:
                bits.append(f'ORCID: {a["orcid"]}')
            notes.append(' ('.join([bits[0], ', '.join(bits[1:]) + ')']) if len(bits) > 1 else bits[0])
        author = f'\\author{{{joined}\\thanks{{' + '. '.join(notes) + '.}}'
        cls = '\\documentclass[journal]{IEEEtran}'
    out = [cls, PREAMBLE.replace('\\usepackage{lmodern}\n', ''), '\\begin{document}', f'\\title{{{tex(d["title"])}}}', author, '\\maketitle',
           '\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', '\\begin{IEEEkeywords}', tex(', '.join(d['keywords'])), '\\end{IEEEkeywords}',
           body_tex(d), '\\end{document}']
    return '\n'.join(out)


def fam_acmart(d, r):
    fmt = r.choice(['sigconf', 'acmsmall', 'manuscript'])
    out = [f'\\documentclass[{fmt},nonacm]{{acmart}}', '\\usepackage[utf8]{inputenc}', '\\begin{document}', f'\\title{{{tex(d["title"])}}}']
    for a in d['authors']:
        out.append(f'\\author{{{tex(a["name"])}}}')
        if a['email']:
            out.append(f'\\email{{{tex(a["email"])}}}')
        for k in a['affiliations'][:1]:
            dept, uni, city, country = d['affiliations'][k].split(', ')
            out.append(f'\\affiliation{{\\department{{{tex(dept)}}}\\institution{{{tex(uni)}}}\\city{{{tex(city)}}}\\country{{{tex(country)}}}}}')
    out += ['\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', f'\\keywords{{{tex(", ".join(d["keywords"]))}}}', '\\maketitle',
            body_tex(d), '\\end{document}']
    return '\n'.join(out)


def fam_aastex(d, r):
    opts = r.choice(['', 'twocolumn', 'preprint'])
    out = [f'\\documentclass[{opts}]{{aastex631}}', PREAMBLE, '\\begin{document}', f'\\title{{{tex(d["title"])}}}']
    for a in d['authors']:
        out.append(f'\\author{{{tex(a["name"])}}}')
        for k in a['affiliations']:
            out.append(f'\\affiliation{{{tex(d["affiliations"][k])}}}')
        if a['email']:
            out.append(f'\\email{{{tex(a["email"])}}}')
    out += ['\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', f'\\keywords{{{tex(", ".join(d["keywords"]))}}}',
            body_tex(d, natbib=True), '\\end{document}']
    return '\n'.join(out)


def fam_mnras(d, r):
    A = d['authors']
    parts = []
    for i, a in enumerate(A):
        marks = ','.join(str(k + 1) for k in a['affiliations'])
        th = []
        if a['email']:
            th.append(f'E-mail: {mail(a["email"])}')
        if a['orcid']:
            th.append(f'ORCID: {a["orcid"]}')
        parts.append(f'{tex(a["name"])},$^{{{marks}}}$' + (f'\\thanks{{{"; ".join(th)}}}' if th else ''))
    names = ' '.join(parts[:-1]) + (' and ' if len(parts) > 1 else '') + parts[-1]
    affl = '\\\\\n'.join(f'$^{{{k + 1}}}${tex(t)}' for k, t in enumerate(d['affiliations']))
    out = ['\\documentclass[fleqn]{mnras}', '\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n',
           f'\\title{{{tex(d["title"])}}}', f'\\author[{tex(A[0]["name"].split(" ")[-1])} et al.]{{{names}\n\\\\\n{affl}}}', '\\date{}',
           '\\begin{document}', '\\maketitle', '\\begin{abstract}', tex(d['abstract']), '\\end{abstract}', '\\begin{keywords}',
           tex(' -- '.join(d['keywords'])), '\\end{keywords}', body_tex(d), '\\end{document}']
    return '\n'.join(out)


def fam_llncs(d, r):
    A = d['authors']
    names = ' \\and '.join(f'{tex(a["name"])}\\inst{{{",".join(str(k + 1) for k in a["affiliations"])}}}' + (f'\\orcidID{{{a["orcid"]}}}' if a['orcid'] else '') for a in A)
    inst = ' \\and '.join(tex(t) + ('\\\\ \\email{' + ', '.join(tex(a['email']) for a in A if a['email'] and a['affiliations'][0] == k) + '}'
                                    if any(a['email'] and a['affiliations'][0] == k for a in A) else '') for k, t in enumerate(d['affiliations']))
    out = ['\\documentclass{llncs}', PREAMBLE, '\\begin{document}', f'\\title{{{tex(d["title"])}}}', f'\\author{{{names}}}',
           f'\\authorrunning{{{tex(A[0]["name"])} et al.}}', f'\\institute{{{inst}}}', '\\maketitle', '\\begin{abstract}', tex(d['abstract']),
           '\\keywords{' + ' \\and '.join(tex(k) for k in d['keywords']) + '}', '\\end{abstract}', body_tex(d), '\\end{document}']
    return '\n'.join(out)


LATEX = {
    'latex-article': lambda d, r: fam_article(d, r, False),
    'latex-article-2col': lambda d, r: fam_article(d, r, True),
    'revtex': fam_revtex,
    'elsarticle': fam_elsarticle,
    'ieeetran': fam_ieee,
    'acmart': fam_acmart,
    'aastex': fam_aastex,
    'mnras': fam_mnras,
    'llncs': fam_llncs,
}

# ---------------------------------------------------------------- Word-like family (flat ODT -> DOCX and PDF)

FODT_HEAD = '''<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="{font}" svg:font-family="{font}" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"/></office:font-face-decls>
<office:styles>
 <style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties style:font-name="{font}" fo:font-size="{size}pt"/></style:default-style>
 <style:style style:name="Standard" style:family="paragraph" style:class="text"/>
 <style:style style:name="Title" style:family="paragraph" style:class="chapter"><style:paragraph-properties fo:text-align="{talign}" fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="{tsize}pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:default-outline-level="1"><style:paragraph-properties fo:margin-top="0.4cm"/><style:text-properties fo:font-size="{hsize}pt" fo:font-weight="bold"/></style:style>
</office:styles>
<office:automatic-styles>
 <style:style style:name="C" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="{align}"/></style:style>
 <style:style style:name="B" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-weight="bold"/></style:style>
 <style:style style:name="J" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="justify" fo:line-height="{lh}%"/></style:style>
 <style:style style:name="S" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
 <style:style style:name="T" style:family="table"><style:table-properties style:width="16cm" table:align="margins"/></style:style>
</office:automatic-styles>
<office:body><office:text>
'''


def fam_word(d, r):
    font = r.choice(['Liberation Serif', 'Liberation Sans', 'DejaVu Serif', 'DejaVu Sans'])
    size = r.choice([11, 12])
    style = r.choice(['line', 'per-author', 'table'])
    x = [FODT_HEAD.format(font=font, size=size, tsize=r.choice([14, 16, 18]), hsize=size + 1, align=r.choice(['center', 'start']),
                          talign=r.choice(['center', 'start']), lh=r.choice([100, 150, 200]))]
    p = lambda s, st='Standard': x.append(f'<text:p text:style-name="{st}">{s}</text:p>')
    e = xml_escape
    if r.random() < 0.3:
        p('Original research article', 'C')
    x.append(f'<text:p text:style-name="Title">{e(d["title"])}</text:p>')
    A = d['authors']
    sup = lambda a: f'<text:span text:style-name="S">{",".join(str(k + 1) for k in a["affiliations"])}{"*" if a["email"] and a is A[0] else ""}</text:span>'
    if style == 'line':
        p(', '.join(f'{e(a["name"])}{sup(a)}' for a in A), 'C')
        for k, t in enumerate(d['affiliations']):
            p(f'<text:span text:style-name="S">{k + 1}</text:span>{e(t)}', 'C')
    elif style == 'per-author':
        for a in A:
            p(f'{e(a["name"])}{sup(a)}', 'C')
        for k, t in enumerate(d['affiliations']):
            p(f'<text:span text:style-name="S">{k + 1}</text:span> {e(t)}')
    else:
        p(', '.join(f'{e(a["name"])}{sup(a)}' for a in A), 'C')
        x.append('<table:table table:name="Affiliations" table:style-name="T"><table:table-column table:number-columns-repeated="2"/>')
        for k, t in enumerate(d['affiliations']):
            x.append(f'<table:table-row><table:table-cell office:value-type="string"><text:p>{k + 1}</text:p></table:table-cell>'
                     f'<table:table-cell office:value-type="string"><text:p>{e(t)}</text:p></table:table-cell></table:table-row>')
        x.append('</table:table>')
    em = [a for a in A if a['email']]
    if em:
        p('Correspondence: ' + ', '.join(f'{e(a["email"])}' for a in em) if r.random() < 0.5 else
          'E-mail addresses: ' + '; '.join(f'{e(a["email"])} ({e(a["name"])})' for a in em))
    for a in A:
        if a['orcid']:
            p(f'{e(a["name"])}: ORCID {a["orcid"]}')
    x.append('<text:h text:style-name="Heading_20_1" text:outline-level="1">Abstract</text:h>')
    p(e(d['abstract']), 'J')
    p('Keywords: ' + e(', '.join(d['keywords'])))
    x.append('<text:h text:style-name="Heading_20_1" text:outline-level="1">Introduction</text:h>')
    for b in d['body']:
        p(e(b), 'J')
    x.append('<text:h text:style-name="Heading_20_1" text:outline-level="1">References</text:h>')
    p('1. A. Author. Some journal 1 (2001) 1-10.')
    p('2. B. Author. Another journal 2 (2002) 11-20.')
    x.append('</office:text></office:body></office:document>\n')
    return ''.join(x)


FAMILIES = list(LATEX) + ['word']
# classes that show an ORCID only as an icon link (never printed): the ground truth counts printed iDs
NO_PRINTED_ORCID = {'acmart', 'aastex'}


def ground_truth(d):
    return {'title': d['title'], 'abstract': d['abstract'],
            'authors': [{'name': a['name'], 'email': a['email'], 'orcid': a['orcid'],
                         'affiliation': '; '.join(d['affiliations'][k] for k in a['affiliations'])} for a in d['authors']]}


def compile_latex(src, workdir):
    for _ in range(2):  # twice: footnote marks and labels settle on the second run
        res = subprocess.run(['pdflatex', '-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], cwd=workdir,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    return res.returncode == 0 and os.path.exists(os.path.join(workdir, 'doc.pdf'))


def build(out, per_family, seed, families, jobs):
    for sub in ('pdf', 'docx', 'groundtruth', 'src'):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    plan = []
    for fam in families:
        r = random.Random(f'{seed}:{fam}')
        for i in range(per_family):
            d = make_doc(r, fam, fam != 'word')
            if fam in NO_PRINTED_ORCID:
                for a in d['authors']:
                    a['orcid'] = None
            plan.append((fam, i, d, LATEX[fam](d, r) if fam in LATEX else fam_word(d, r)))
    manifest = []

    def latex_job(item):
        fam, i, d, src = item
        ident = f'{fam}-{i:03d}'
        with tempfile.TemporaryDirectory() as wd:
            with open(os.path.join(wd, 'doc.tex'), 'w', encoding='utf-8') as f:
                f.write(src)
            ok = compile_latex(src, wd)
            shutil.copy(os.path.join(wd, 'doc.tex'), os.path.join(out, 'src', f'{ident}.tex'))
            if not ok:
                log = open(os.path.join(wd, 'doc.log'), encoding='latin-1').read()
                sys.stderr.write(f'{ident}: pdflatex failed: {log[-600:]}\n')
                return None
            shutil.copy(os.path.join(wd, 'doc.pdf'), os.path.join(out, 'pdf', f'{ident}.pdf'))
        return ident

    latex = [p for p in plan if p[0] in LATEX]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        done = list(pool.map(latex_job, latex))
    for (fam, i, d, _), ident in zip(latex, done):
        if ident:
            manifest.append({'id': ident, 'file': f'pdf/{ident}.pdf', 'format': 'pdf', 'family': fam, 'ground_truth': f'groundtruth/{ident}.json'})
            with open(os.path.join(out, 'groundtruth', f'{ident}.json'), 'w', encoding='utf-8') as f:
                json.dump(ground_truth(d), f, ensure_ascii=False, indent=1)
    word = [p for p in plan if p[0] == 'word']
    if word:
        with tempfile.TemporaryDirectory() as wd:
            names = []
            for fam, i, d, src in word:
                ident = f'{fam}-{i:03d}'
                path = os.path.join(wd, f'{ident}.fodt')
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(src)
                shutil.copy(path, os.path.join(out, 'src', f'{ident}.fodt'))
                names.append(path)
            profile = f'file://{wd}/profile'
            for target, sub in (('docx:MS Word 2007 XML', 'docx'), ('pdf:writer_pdf_Export', 'pdf')):
                subprocess.run(['soffice', f'-env:UserInstallation={profile}', '--headless', '--convert-to', target, '--outdir',
                                os.path.join(out, sub), *names], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)
        for fam, i, d, _ in word:
            ident = f'{fam}-{i:03d}'
            with open(os.path.join(out, 'groundtruth', f'{ident}.json'), 'w', encoding='utf-8') as f:
                json.dump(ground_truth(d), f, ensure_ascii=False, indent=1)
            for fmt, famname in (('docx', 'word-docx'), ('pdf', 'word-pdf')):
                if os.path.exists(os.path.join(out, fmt, f'{ident}.{fmt}')):
                    manifest.append({'id': f'{ident}-{fmt}', 'file': f'{fmt}/{ident}.{fmt}', 'format': fmt, 'family': famname,
                                     'ground_truth': f'groundtruth/{ident}.json'})
    with open(os.path.join(out, 'MANIFEST.json'), 'w', encoding='utf-8') as f:
        json.dump(manifest, f, indent=1)
    print(f'{len(manifest)} files in {out}')


def sample(src, dest, k):
    """Copies the first k documents of every family (no sources) into dest: the fixed sample the tests read."""
    manifest = json.load(open(os.path.join(src, 'MANIFEST.json'), encoding='utf-8'))
    by = {}
    for m in manifest:
        by.setdefault(m['family'], []).append(m)
    chosen = [m for fam in sorted(by) for m in sorted(by[fam], key=lambda m: m['id'])[:k]]
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    for m in chosen:
        for rel in (m['file'], m['ground_truth']):
            os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
            shutil.copy(os.path.join(src, rel), os.path.join(dest, rel))
    with open(os.path.join(dest, 'MANIFEST.json'), 'w', encoding='utf-8') as f:
        json.dump(chosen, f, indent=1)
    print(f'{len(chosen)} files in {dest}')


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--per-family', type=int, default=24)
    ap.add_argument('--seed', type=int, default=SEED)
    ap.add_argument('--families', default=','.join(FAMILIES))
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--sample')
    ap.add_argument('--sample-per-family', type=int, default=3)
    a = ap.parse_args()
    if a.sample:
        sample(a.out, a.sample, a.sample_per_family)
    else:
        build(a.out, a.per_family, a.seed, a.families.split(','), a.jobs)
