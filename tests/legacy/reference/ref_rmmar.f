C SPDX-License-Identifier: BSD-3-Clause
C-----------------------------------------------------------------------
C Independent test oracle for CERNLIB V113 RMMAR / RMMAQ (V113
C writeup and KERNLIB rmmar.F, rmmaq.F), multi-sequence, state in
C COMMON /RANMA2/ JSEQ, IU(...).
C
C Record of sequence k starts at IU((k-1)*103 + 1):
C   +0 IJKL, +1 NTOT, +2 NTOT2, +3..+99 U(1..97) as REAL bit patterns,
C   +100 C as REAL bits, +101 I97, +102 J97.
C The oracle declares room for 64 sequences; the program's own
C (possibly smaller) declaration shares the start of the block.
C
C  - RMMAR: ISEQ > 0 selects JSEQ (no upper bound), else the last JSEQ;
C    raw zero -> 2**-24 * U(2) of SEQUENCE 1 (record 1, word +4),
C    whatever the sequence drawn; if that is 0 too, 2**-48.
C  - RMMAQ: CHOPT copied to CHARACTER*12 (so only its first 12
C    characters count), case-sensitive INDEX tests, 'S' before 'R';
C    blank: ISEED(1..3) = 54217137,0,0 written back, JSEQ = 1, then the
C    'S' path (ISEQ > 0 still selects); 'S': fill + skip, counters kept;
C    'SV': 103 words copied verbatim; 'R': ISEQ > 0 selects, otherwise
C    JSEQ is written into ISEQ, ISEED(1..3) returned; 'RV': 103 words.
C-----------------------------------------------------------------------
      SUBROUTINE RMMAR(RVEC,LENV,ISEQ)
      IMPLICIT NONE
      INTEGER LENV, ISEQ
      REAL RVEC(*)
      INTEGER NWDS
      PARAMETER (NWDS = 103*64)
      INTEGER JSEQ, IU(NWDS)
      REAL RU(NWDS)
      EQUIVALENCE (IU(1), RU(1))
      COMMON /RANMA2/ JSEQ, IU
      SAVE /RANMA2/
      INTEGER IB, N
      REAL UNI
      REAL T24,T48
      PARAMETER (T24 = 1.0/16777216.0)
      PARAMETER (T48 = T24*T24)

      IF (ISEQ .GT. 0) JSEQ = ISEQ
      IB = (JSEQ - 1)*103
      DO 10 N = 1, LENV
        CALL GRST24(RU(IB+4), IU(IB+102), IU(IB+103), RU(IB+101), UNI)
        IF (UNI .EQ. 0.0) THEN
C         U(2) of sequence 1 = IU(5), whatever JSEQ is
          UNI = T24*RU(5)
          IF (UNI .EQ. 0.0) UNI = T48
        ENDIF
        RVEC(N) = UNI
   10 CONTINUE
      IU(IB+2) = IU(IB+2) + LENV
      IF (IU(IB+2) .GE. 1000000000) THEN
        IU(IB+3) = IU(IB+3) + 1
        IU(IB+2) = IU(IB+2) - 1000000000
      ENDIF
      END

      SUBROUTINE RMMAQ(ISEED,ISEQ,CHOPT)
      IMPLICIT NONE
      INTEGER ISEED(*), ISEQ
      CHARACTER*(*) CHOPT
      INTEGER NWDS
      PARAMETER (NWDS = 103*64)
      INTEGER JSEQ, IU(NWDS)
      REAL RU(NWDS)
      EQUIVALENCE (IU(1), RU(1))
      COMMON /RANMA2/ JSEQ, IU
      SAVE /RANMA2/
      CHARACTER*12 OPT
      INTEGER IB, N, NW

      OPT = CHOPT
      IF (OPT .EQ. ' ') THEN
        ISEED(1) = 54217137
        ISEED(2) = 0
        ISEED(3) = 0
        JSEQ = 1
        OPT = 'S'
      ENDIF
      IF (INDEX(OPT, 'S') .NE. 0) THEN
        IF (ISEQ .GT. 0) JSEQ = ISEQ
        IB = (JSEQ - 1)*103
        IF (INDEX(OPT, 'V') .NE. 0) THEN
          DO 10 N = 1, 103
            IU(IB+N) = ISEED(N)
   10     CONTINUE
        ELSE
          IU(IB+1) = ISEED(1)
          IU(IB+2) = ISEED(2)
          IU(IB+3) = ISEED(3)
          CALL GRFL24(IU(IB+1), RU(IB+4))
          RU(IB+101) = 362436.0/16777216.0
          IU(IB+102) = 97
          IU(IB+103) = 33
          CALL GRSKP4(RU(IB+4), IU(IB+102), IU(IB+103), RU(IB+101),
     &                IU(IB+2), IU(IB+3))
        ENDIF
      ELSE IF (INDEX(OPT, 'R') .NE. 0) THEN
        IF (ISEQ .GT. 0) THEN
          JSEQ = ISEQ
        ELSE
          ISEQ = JSEQ
        ENDIF
        IB = (JSEQ - 1)*103
        NW = 3
        IF (INDEX(OPT, 'V') .NE. 0) NW = 103
        DO 20 N = 1, NW
          ISEED(N) = IU(IB+N)
   20   CONTINUE
      ENDIF
      END
