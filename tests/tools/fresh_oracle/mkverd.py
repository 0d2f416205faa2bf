#!/usr/bin/env python3
"""ptx_oracle.py --batch CASES output + CASES -> the 6-field verdict format (ptx-ptxas-verdicts.txt).
usage: mkverd.py CASES ORACLE_TSV > VERDICTS"""
import sys
cases=[l.rstrip('\n') for l in open(sys.argv[1])]
orc=[l.rstrip('\n').split('\t') for l in open(sys.argv[2])][1:]
for c,o in zip(cases,orc):
    opts,ins=c.split(' :: ',1); d=dict(kv.split('=') for kv in opts.split())
    assert o[4]==ins
    print('\t'.join([o[0], d['mode'], d['target'], d['version'], ins, o[5] if len(o)>5 else '']))
