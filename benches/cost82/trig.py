import sys, os, re, codecs
def unesc(s):
    return codecs.escape_decode(s.encode('latin1') if False else s.encode())[0]
def parse(path):
    entries={}; cur=None
    for ln in open(path, encoding='utf-8'):
        ln=ln.rstrip('\n'); f=ln.split('\t')
        if f[0]=='rule': cur={'alts':[]}; entries[f[1]]=cur
        elif f[0]=='groups': cur['alts'].append({'kind':'groups','groups':[]})
        elif f[0]=='group': cur['alts'][-1]['groups'].append([])
        elif f[0]=='anchors': cur['alts'].append({'kind':'anchors','groups':[[]]})
        elif f[0]=='loose': cur['alts'].append({'kind':'loose','groups':[]})
        elif f[0]=='atom': cur['alts'][-1]['groups'][-1].append(unesc(f[1]))
    return entries
old=parse('/work/tmp/cost82/old_table.txt'); new=parse(sys.argv[1])
lines=[]
for root,ds,fs in os.walk('/work/shared/corpus'):
    for f in fs:
        try: data=open(os.path.join(root,f),'rb').read()
        except: continue
        lines.extend(data.lower().split(b'\n'))
print('corpus lines',len(lines), file=sys.stderr)
res=[]
for pat,e in new.items():
    if pat in old: continue
    tot=0; desc=[]
    for a in e['alts']:
        if a['kind']=='loose': desc.append('LOOSE'); continue
        g=a['groups'][0]
        n=sum(1 for l in lines if any(x in l for x in g))
        tot+=n; desc.append((n, sorted(g,key=len)[:6]))
    res.append((tot,pat[:90],desc))
res.sort(reverse=True)
for r in res: print(r[0], r[1]); [print('   ',d) for d in r[2] if d=='LOOSE' or d[0]>50]
