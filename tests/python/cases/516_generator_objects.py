# torch.Generator objects: generator= draws from them, the default stream is
# left alone; manual_seed returns torch.default_generator.
import torch
g = torch.Generator()
print(g.initial_seed(), g.device, repr(g.device), g.manual_seed(3) is g, g.initial_seed())
print(torch.rand(2, generator=g), torch.rand(2, generator=torch.Generator().manual_seed(3)))
print(torch.manual_seed(5) is torch.default_generator, torch.default_generator.initial_seed(), type(g))
a = torch.rand(2)
torch.manual_seed(5)
g2 = torch.Generator().manual_seed(11)
b = torch.rand(2, generator=g2)
c = torch.rand(2)
print(torch.equal(a, c), b)
try:
    torch.rand(2, generator=3)
except Exception as e:
    print(type(e).__name__, e)
print(torch.Generator("cpu").initial_seed())
x = torch.empty(3).uniform_(generator=g)
print(x)
print(torch.randperm(5, generator=torch.Generator().manual_seed(1)), torch.randn(2, generator=g), torch.randint(0, 5, (3,), generator=g))
print(torch.normal(0., 1., (2,), generator=g), torch.empty(2).normal_(generator=g), torch.bernoulli(torch.full((4,), 0.5), generator=g), torch.multinomial(torch.ones(4), 2, generator=g))
print(torch.rand(2, generator=None), torch.manual_seed(-1).initial_seed() if False else '')
print(g.foo if False else '')
for bad in [lambda: g.foo, lambda: g.manual_seed("a"), lambda: torch.randn(2, generator="g")]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
