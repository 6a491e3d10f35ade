# String reversal and palindromes.
def reverse(s):
    out = ''
    for ch in s:
        out = ch + out
    return out

def reverse_rec(s):
    if len(s) <= 1:
        return s
    return reverse_rec(s[1:]) + s[0]

def is_palindrome(s):
    cleaned = ''
    for ch in s.lower():
        if ch.isalnum():
            cleaned += ch
    i = 0
    j = len(cleaned) - 1
    while i < j:
        if cleaned[i] != cleaned[j]:
            return False
        i += 1
        j -= 1
    return True

def longest_palindrome(s):
    best = ''
    for center in range(len(s)):
        for lo, hi in [(center, center), (center, center + 1)]:
            while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
                lo -= 1
                hi += 1
            if hi - lo - 1 > len(best):
                best = s[lo + 1:hi]
    return best

for s in ['hello', 'racecar', '', 'a', 'ab', 'héllo', '日本語']:
    print(repr(s), repr(reverse(s)), reverse(s) == s[::-1] == reverse_rec(s))
for s in ['A man, a plan, a canal: Panama', 'No lemon, no melon', 'Was it a car or a cat I saw?', 'not one', '12321', '']:
    print(is_palindrome(s), repr(s))
for s in ['babad', 'cbbd', 'forgeeksskeegfor', 'abacdfgdcaba', 'x']:
    print(s, longest_palindrome(s))
count = 0
for n in range(1, 10000):
    if str(n) == str(n)[::-1] and str(n * n) == str(n * n)[::-1]:
        count += 1
        print(n, n * n)
print('count', count)
